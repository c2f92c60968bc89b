import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation, href, Link } from "react-router";
import { SignInFooterLink, SignInPanel } from "~/accounts/sign-in-panel";
import { finishOwnSubmissions, redirectSignedIn } from "~/accounts/guards";
import { OtpDialog } from "~/accounts/otp-dialog";
import {
  type RegistrationErrors,
  type RegistrationField,
  validateRegistration,
} from "~/accounts/registration-form";
import { controlProps, errorIdOf, FormField, FormNotice, useFieldErrors } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { formText, postedForm } from "~/lib/form-values";
import { actionOrFailure } from "~/lib/request-failure";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { MARKETING_CONSENT_TEXT } from "#contract/privacy-rules";
import type { Route } from "./+types/register";
import { registerCall } from "#contract/accounts";

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
  const form = await postedForm(request);
  const text = (field: string) => formText(form, field);
  const values = { fullName: text("fullName"), email: text("email"), phone: text("phone") };
  const result = await context.api(registerCall, {
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    password: text("password"),
    confirmPassword: text("confirmPassword"),
    acceptTerms: form.get("acceptTerms") === "on",
    // Optional, and never ticked for her (decision 045): only a ticked box gives the consent.
    marketingConsent: form.get("marketingConsent") === "on",
  });
  if (result.ok)
    return {
      ok: true as const,
      message: result.message,
      email: result.data.email,
      token: result.token,
      resendWaitSeconds: result.data.resendAvailableInSeconds,
    };
  return data(
    {
      ok: false as const,
      message: result.message,
      errors: (result.errors ?? {}) as RegistrationErrors,
      values,
    },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/** A registration the network or the server failed keeps the form as typed: 'Registration Failed' - 'Please try again later.' */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) => {
    const values = {
      fullName: formText(form, "fullName"),
      email: formText(form, "email"),
      mobile: formText(form, "mobile"),
    };
    return data(
      { ok: false as const, message: "", errors: {} as RegistrationErrors, values },
      { status: 503 },
    );
  });

export default function Register() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(href("/register"));
  // The errors shown are those of the browser's own check when it refused to send, else the server's.
  const [refused, setRefused] = useState<{ errors: RegistrationErrors }>();
  const check = refused ?? (result && !result.ok ? result : undefined);
  const { errorOf, markEdited } = useFieldErrors<RegistrationField>(check, check?.errors);
  const [otpClosedFor, setOtpClosedFor] = useState<unknown>();
  const otpOpen = result?.ok === true && otpClosedFor !== result;
  const formRef = useRef<HTMLFormElement>(null);
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

  const failure = result && !result.ok ? result : undefined;
  const control = (field: RegistrationField) => ({
    ...controlProps(`register-${field}`, errorOf(field)),
    name: field,
    onChange: () => markEdited(field),
  });

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
        ref={formRef}
        method="post"
        noValidate
        className="mt-6 space-y-5 noscript:hidden"
        onSubmit={(event) => {
          const found = validateRegistration(new FormData(event.currentTarget));
          if (Object.keys(found).length === 0) {
            setRefused(undefined);
            return;
          }
          event.preventDefault();
          setRefused({ errors: found });
          toast("error", "Form Error", "Please correct the highlighted fields.");
          formRef.current?.querySelector<HTMLElement>(`#register-${Object.keys(found)[0]}`)?.focus();
        }}
      >
        <FormField id="register-fullName" label="Full Name" error={errorOf("fullName")}>
          <input
            {...control("fullName")}
            autoComplete="name"
            maxLength={100}
            defaultValue={failure?.values.fullName}
          />
        </FormField>
        <FormField id="register-email" label="Email" error={errorOf("email")}>
          <input
            {...control("email")}
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={failure?.values.email}
          />
        </FormField>
        <FormField id="register-phone" label="Mobile Number" error={errorOf("phone")}>
          <input
            {...control("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            maxLength={20}
            defaultValue={failure?.values.phone}
          />
        </FormField>
        <FormField id="register-password" label="Password" error={errorOf("password")}>
          <PasswordInput {...control("password")} autoComplete="new-password" maxLength={128} />
        </FormField>
        <FormField id="register-confirmPassword" label="Confirm Password" error={errorOf("confirmPassword")}>
          <PasswordInput {...control("confirmPassword")} autoComplete="new-password" maxLength={128} />
        </FormField>
        <div>
          <div className="flex items-start gap-3">
            <input
              {...control("acceptTerms")}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            <label htmlFor="register-acceptTerms" className="text-sm">
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
          {errorOf("acceptTerms") && (
            <p id={errorIdOf("register-acceptTerms")} className="mt-1.5 text-sm text-red-700">
              {errorOf("acceptTerms")}
            </p>
          )}
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
