import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useFetcher, useNavigate, href } from "react-router";
import { MESSAGES, OTP_LENGTH, RESEND_COOLDOWN_SECONDS } from "#contract/accounts-rules";
import { ModalDialog } from "~/components/modal-dialog";
import { toast } from "~/components/toast";

/** What /verify-email answers the dialog (routes/verify-email.tsx): a code checked, or a new one sent. */
export type CodeAnswer =
  | { intent: "verify"; ok: true; message: string; fullName: string }
  | { intent: "resend"; ok: true; message: string; wait: number }
  | { intent: "verify" | "resend"; ok: false; message: string };

const EMPTY = Array.from({ length: OTP_LENGTH }, () => "");

/**
 * The e-mailed code, in six single-digit boxes (spec sections 2, 4, 5): typing moves on, Backspace on an
 * empty box moves back, pasting or auto-filling the whole code fills every box. A verified code starts
 * the session and leads to /profile. Resend Code waits for the server's cooldown, shown as it counts down.
 * Render it only while it is open: every opening starts afresh.
 */
export function OtpDialog({
  onClose,
  email,
  registrationToken,
  resendWaitSeconds,
}: {
  onClose: () => void;
  email: string;
  registrationToken?: string | undefined;
  resendWaitSeconds: number;
}) {
  const fetcher = useFetcher<CodeAnswer>();
  const navigate = useNavigate();
  const [digits, setDigits] = useState(EMPTY);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  // Seconds since the dialog opened, and the second from which a new code may be asked for.
  const [elapsed, setElapsed] = useState(0);
  const [resendFrom, setResendFrom] = useState(resendWaitSeconds);
  useEffect(() => {
    const timer = setInterval(() => setElapsed((seconds) => seconds + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const cooldown = Math.max(0, resendFrom - elapsed);

  // The server's answer shows until the shopper types again or gets a message from the form itself.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [own, setOwn] = useState<{ answer: typeof answer; error?: string }>({ answer: undefined });
  const error = own.answer === answer ? own.error : answer && !answer.ok ? answer.message : undefined;
  const setError = (message?: string) => setOwn({ answer, error: message });

  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.intent === "resend") {
      if (answer.ok) toast("success", "Code sent", `A new code is on its way to ${email}.`);
    } else if (answer.ok) {
      toast("success", "OTP Verified", "Your account has been verified successfully!");
      onClose();
      navigate(href("/profile"));
    } else {
      toast("error", "OTP Verification Failed", answer.message || "OTP verification failed");
    }
  }, [answer, email, navigate, onClose]);

  /** Spreads the digits typed or pasted into the boxes from `from` on; anything but a digit is dropped. */
  const fill = (from: number, typed: string) => {
    const incoming = typed.replace(/\D/g, "").slice(0, OTP_LENGTH - from);
    if (!incoming) return "";
    setDigits((current) =>
      current.map((digit, i) => (i >= from && i < from + incoming.length ? incoming[i - from]! : digit)),
    );
    setError(undefined);
    boxes.current[Math.min(from + incoming.length, OTP_LENGTH - 1)]?.focus();
    return incoming;
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && digits[index] === "" && index > 0) {
      event.preventDefault();
      setDigits((current) => current.map((digit, i) => (i === index - 1 ? "" : digit)));
      boxes.current[index - 1]?.focus();
    } else if (event.key === "ArrowLeft" && index > 0) boxes.current[index - 1]?.focus();
    else if (event.key === "ArrowRight" && index < OTP_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData("text"));
  };

  const submit = () => {
    const otp = digits.join("");
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
      setError(MESSAGES.otpIncomplete);
      boxes.current[digits.findIndex((digit) => digit === "")]?.focus();
      return;
    }
    fetcher.submit(
      { intent: "verify", otp, email, token: registrationToken ?? "" },
      { method: "post", action: href("/verify-email") },
    );
  };

  const resend = () => {
    setResendFrom(elapsed + RESEND_COOLDOWN_SECONDS);
    fetcher.submit(
      { intent: "resend", email, token: registrationToken ?? "" },
      { method: "post", action: href("/verify-email") },
    );
  };

  const busy = fetcher.state !== "idle";
  return (
    <ModalDialog
      open
      onClose={onClose}
      labelledBy="otp-title"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl sm:p-8"
    >
      <h2 id="otp-title" className="text-2xl font-bold">
        Verify your email
      </h2>
      <p className="mt-2 text-sm text-muted">
        We sent a {OTP_LENGTH}-digit code to <strong className="break-all text-ink">{email}</strong>. It is
        valid for 10 minutes.
      </p>
      <form
        noValidate
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="text-sm font-semibold">Verification code</legend>
          <div className="mt-2 flex justify-between gap-2">
            {digits.map((digit, index) => (
              <input
                key={index}
                ref={(element) => {
                  boxes.current[index] = element;
                }}
                value={digit}
                onChange={(event) => {
                  // What is not a digit changes no state, so the box would keep showing it: show the digit.
                  event.target.value = fill(index, event.target.value).charAt(0) || digit;
                }}
                onKeyDown={(event) => onKeyDown(index, event)}
                onPaste={(event) => onPaste(index, event)}
                onFocus={(event) => event.target.select()}
                inputMode="numeric"
                autoComplete={index === 0 ? "one-time-code" : "off"}
                maxLength={OTP_LENGTH}
                aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "otp-error" : undefined}
                autoFocus={index === 0}
                className="h-12 w-full min-w-0 rounded-lg border border-muted/70 text-center text-xl font-semibold focus:border-brand-600"
              />
            ))}
          </div>
        </fieldset>
        <p id="otp-error" role="alert" className="mt-2 min-h-5 text-sm text-red-700">
          {error}
        </p>
        <button
          type="submit"
          disabled={busy}
          className="mt-2 w-full rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy && fetcher.formData?.get("intent") === "verify" ? "Verifying..." : "Verify & Create Account"}
        </button>
      </form>
      <div className="mt-4 flex items-center justify-between gap-3 text-sm">
        <span className="text-muted">Didn't get the code?</span>
        <button
          type="button"
          disabled={cooldown > 0 || busy}
          onClick={resend}
          className="min-h-6 font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
        >
          {cooldown > 0 ? `Resend Code in ${cooldown}s` : "Resend Code"}
        </button>
      </div>
    </ModalDialog>
  );
}
