import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation, href, Link } from "react-router";
import { SignInFooterLink, SignInPanel } from "~/accounts/sign-in-panel";
import { redirectSignedIn } from "~/accounts/guards";
import { finishOwnSubmissions } from "~/accounts/revalidation";
import { OtpDialog } from "~/accounts/otp-dialog";
import { FormField, FormNotice } from "~/components/form-field";
import { FieldError } from "~/components/field-error";
import { PasswordInput } from "~/components/password-input";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { checkboxOf, errorOf, failedReply, inputOf, secretOf, useContractForm, refusalOf } from "~/lib/forms";
import { readForm } from "~/lib/form-reading";
import { actionOrFailure } from "~/lib/request-failure";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { MARKETING_CONSENT_TEXT } from "#contract/privacy-rules";
import type { Route } from "./+types/register";
import { registerCall, registrationForm } from "#contract/accounts";

/** A signed-in shopper is sent on instead of seeing the form. */
export const loader = ({ request, context }: Route.LoaderArgs) => redirectSignedIn(request, context);

export const shouldRevalidate = finishOwnSubmissions;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Create Account",
    description: "Create an account to follow your orders and check out faster.",
    url: absoluteUrl(matches, href("/register")),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readForm(request, registrationForm, { secrets: ["password", "confirmPassword"] });
  if (submission.status !== "success")
    return data({ ok: false as const, message: "", reply: submission.reply() }, { status: 400 });
  const result = await context.api(registerCall, submission.value);
  if (result.ok)
    return {
      ok: true as const,
      message: result.message,
      reply: submission.reply(),
      email: result.data.email,
      token: result.token,
      resendWaitSeconds: result.data.resendAvailableInSeconds,
    };
  return data(
    { ok: false as const, message: result.message, reply: refusalOf(submission, result) },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/** A registration the network or the server failed keeps the form as typed: 'Registration Failed' - 'Please try again later.' */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) =>
    data({ ok: false as const, message: "", reply: failedReply(form) }, { status: 503 }),
  );

export default function Register() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(href("/register"));
  const { fields, formProps } = useContractForm(
    () => import("#contract/accounts").then((m) => m.registrationForm),
    result?.reply,
    { id: "register" },
  );
  const [otpClosedFor, setOtpClosedFor] = useState<unknown>();
  const otpOpen = result?.ok === true && otpClosedFor !== result;
  const enterCode = useRef<HTMLButtonElement>(null);
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok)
      toast("success", "Registration Successful", result.message || "Check your email for the OTP code.");
    else if (/already|exists/i.test(result.message))
      toast("error", "Already Registered", "This email is already associated with an account.");
    else toast("error", "Registration Failed", result.message || "Please try again later.");
  }, [result]);

  return (
    <SignInPanel
      title="Create Account"
      intro="Join us to follow your orders, keep your details and check out faster."
    >
      <noscript>
        <p className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4">
          Creating an account needs JavaScript, which is turned off in this browser: the code we e-mail you is
          entered in a window that needs it. Turn JavaScript on to register.
        </p>
      </noscript>
      {/* Without scripts an account could be made but never confirmed: the note above says so instead. */}
      <Form
        method="post"
        {...formProps({
          onRefused: () => toast("error", "Form Error", "Please correct the highlighted fields."),
        })}
        className="mt-6 space-y-5 noscript:hidden"
      >
        <FormField id={fields.fullName.id} label="Full Name" error={errorOf(fields.fullName)}>
          <input {...inputOf(fields.fullName, "text")} autoComplete="name" maxLength={100} />
        </FormField>
        <FormField id={fields.email.id} label="Email" error={errorOf(fields.email)}>
          <input {...inputOf(fields.email, "email")} autoComplete="email" maxLength={254} />
        </FormField>
        <FormField id={fields.phone.id} label="Mobile Number" error={errorOf(fields.phone)}>
          <input
            {...inputOf(fields.phone, "tel")}
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            maxLength={20}
          />
        </FormField>
        <FormField id={fields.password.id} label="Password" error={errorOf(fields.password)}>
          <PasswordInput {...secretOf(fields.password)} autoComplete="new-password" maxLength={128} />
        </FormField>
        <FormField
          id={fields.confirmPassword.id}
          label="Confirm Password"
          error={errorOf(fields.confirmPassword)}
        >
          <PasswordInput {...secretOf(fields.confirmPassword)} autoComplete="new-password" maxLength={128} />
        </FormField>
        <div>
          <div className="flex items-start gap-3">
            <input {...checkboxOf(fields.acceptTerms)} className="mt-0.5 size-5 shrink-0 accent-brand-600" />
            <label htmlFor={fields.acceptTerms.id} className="text-sm">
              I agree to the{" "}
              <Link to={href("/terms-and-conditions")} className={TEXT_LINK}>
                Terms &amp; Conditions
              </Link>{" "}
              and have read the{" "}
              <Link to={href("/privacy")} className={TEXT_LINK}>
                Privacy Notice
              </Link>
            </label>
          </div>
          <FieldError field={fields.acceptTerms} />
        </div>
        <div className="flex items-start gap-3">
          <input
            id="register-marketingConsent"
            name="marketingConsent"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <label htmlFor="register-marketingConsent" className="text-sm">
            <span className="font-medium">Optional:</span> {MARKETING_CONSENT_TEXT}
          </label>
        </div>
        <button type="submit" disabled={busy} className={`w-full ${BUTTON_PRIMARY}`}>
          {busy ? "Creating account..." : "Create Account"}
        </button>
      </Form>
      <SignInFooterLink question="Already have an account?" to={href("/login")} label="Login" />
      {result?.ok && (
        <>
          <FormNotice tone="success" className="mt-5">
            We sent a code to {result.email}.{" "}
            <button
              ref={enterCode}
              type="button"
              onClick={() => setOtpClosedFor(undefined)}
              className="font-semibold underline"
            >
              Enter the code
            </button>
          </FormNotice>
          {otpOpen && (
            <OtpDialog
              onClose={() => {
                setOtpClosedFor(result);
                // Back to the button that opens it again (the Create Account button it followed was disabled).
                enterCode.current?.focus();
              }}
              email={result.email}
              registrationToken={result.token}
              resendWaitSeconds={result.resendWaitSeconds}
            />
          )}
        </>
      )}
    </SignInPanel>
  );
}
