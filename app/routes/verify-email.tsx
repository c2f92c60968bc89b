import { data } from "react-router";
import type { CodeAnswer } from "~/accounts/otp-dialog";
import { NotFound } from "~/components/not-found";
import { formText, postedForm } from "~/lib/form-values";
import { actionOrFailure } from "~/lib/request-failure";
import { resendOtpCall, verifyOtpCall } from "#contract/accounts";
import { pageMeta } from "~/lib/seo";
import { callWithForm } from "~/lib/form-reading";
import type { Route } from "./+types/verify-email";

/** Only the code dialog posts here; a person who opens the address gets the store's 404 page. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () =>
  pageMeta({ title: "Page not found", description: "This page does not exist.", noindex: true });

export default function VerifyEmailAddress() {
  return <NotFound />;
}

/**
 * The OTP dialog's calls: verify the code (which starts a session) or send a new one. The account is
 * named by the registration token when the browser has it, else by the e-mail.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const intent = formText(form, "intent");
  const token = formText(form, "token") || undefined;
  // The rest of the form is the call's body.
  for (const name of ["intent", "token"]) form.delete(name);
  // The session cookie a verification sets reaches the browser with the action's answer.
  const headers = new Headers();

  if (intent === "resend") {
    const result = await callWithForm(context.api, form, resendOtpCall, { bearer: token });
    return data<CodeAnswer>(
      result.ok
        ? {
            intent: "resend" as const,
            ok: true as const,
            message: result.message,
            wait: result.data.resendAvailableInSeconds,
          }
        : { intent: "resend" as const, ok: false as const, message: result.message },
      { status: result.ok ? 200 : result.status || 502 },
    );
  }

  const result = await callWithForm(context.api, form, verifyOtpCall, {
    bearer: token,
    answerHeaders: headers,
  });
  return data<CodeAnswer>(
    result.ok
      ? {
          intent: "verify" as const,
          ok: true as const,
          message: result.message,
          fullName: result.data.fullName,
        }
      : { intent: "verify" as const, ok: false as const, message: result.message },
    { headers, status: result.ok ? 200 : result.status || 502 },
  );
}

/** A check or a resend the network or the server failed leaves the dialog open and says so. */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) => {
    const resend = formText(form, "intent") === "resend";
    return data<CodeAnswer>(
      resend
        ? { intent: "resend", ok: false, message: "Failed to send a new code. Please try again." }
        : { intent: "verify", ok: false, message: "OTP verification failed" },
      { status: 503 },
    );
  });
