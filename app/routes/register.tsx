import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard, FieldRow, INPUT_CLASS, inputBorder, PRIMARY_BUTTON } from "~/account/auth-card";
import { OtpDialog } from "~/account/otp-dialog";
import { PasswordInput } from "~/account/password-input";
import {
  type RegistrationErrors,
  type RegistrationField,
  validateRegistration,
} from "~/account/registration-form";
import { toast } from "~/components/toast";
import { createApiClient } from "~/lib/api-client";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Create Account",
    description: "Create an account to follow your orders and check out faster.",
    url: absoluteUrl(matches, "/register"),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (field: string) => String(form.get(field) ?? "");
  const values = { fullName: text("fullName"), email: text("email"), mobile: text("mobile") };
  const result = await createApiClient(context.api).register({
    fullName: values.fullName,
    email: values.email,
    phone: values.mobile,
    password: text("password"),
    confirmPassword: text("confirmPassword"),
    acceptTerms: form.get("acceptTerms") === "on",
  });
  if (result.ok)
    return {
      ok: true as const,
      message: result.message,
      email: result.data.email,
      token: result.token,
      resendWaitSeconds: result.data.resendAvailableInSeconds,
    };
  const { phone, ...errors } = result.errors ?? {};
  return data(
    {
      ok: false as const,
      message: result.message,
      errors: { ...errors, ...(phone ? { mobile: phone } : {}) } as RegistrationErrors,
      values,
    },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

export default function Register() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  // The server's field errors show until the form itself finds new ones or a field is edited.
  const [own, setOwn] = useState<{ answer: typeof result; errors: RegistrationErrors }>({
    answer: undefined,
    errors: {},
  });
  const errors = own.answer === result ? own.errors : result && !result.ok ? result.errors : {};
  const setErrors = (next: RegistrationErrors) => setOwn({ answer: result, errors: next });
  const [otpClosedFor, setOtpClosedFor] = useState<unknown>();
  const otpOpen = result?.ok === true && otpClosedFor !== result;
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast("success", "Registration Successful", result.message || "Check your email for the OTP code.");
      return;
    }
    if (/already|exists/i.test(result.message))
      toast("error", "Already Registered", "This email is already associated with an account.");
    else toast("error", "Registration Failed", result.message || "Please try again later.");
  }, [result]);

  const failure = result && !result.ok ? result : undefined;
  const control = (field: RegistrationField) => ({
    id: `register-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `register-${field}-error` : undefined,
    onChange: () => {
      if (!errors[field]) return;
      const { [field]: _cleared, ...rest } = errors;
      setErrors(rest);
    },
  });
  const textControl = (field: RegistrationField) => ({
    ...control(field),
    className: `${INPUT_CLASS} ${inputBorder(errors[field])}`,
  });

  return (
    <AuthCard
      title="Create Account"
      intro="Join us to follow your orders, keep your details and check out faster."
    >
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          const found = validateRegistration(new FormData(event.currentTarget));
          if (Object.keys(found).length === 0) return;
          event.preventDefault();
          setErrors(found);
          toast("error", "Form Error", "Please correct the highlighted fields.");
          const first = Object.keys(found)[0];
          formRef.current?.querySelector<HTMLElement>(`#register-${first}`)?.focus();
        }}
      >
        <FieldRow id="register-fullName" label="Full Name" error={errors.fullName}>
          <input
            {...textControl("fullName")}
            autoComplete="name"
            maxLength={100}
            defaultValue={failure?.values.fullName}
          />
        </FieldRow>
        <FieldRow id="register-email" label="Email" error={errors.email}>
          <input
            {...textControl("email")}
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={failure?.values.email}
          />
        </FieldRow>
        <FieldRow id="register-mobile" label="Mobile Number" error={errors.mobile}>
          <input
            {...textControl("mobile")}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            maxLength={20}
            defaultValue={failure?.values.mobile}
          />
        </FieldRow>
        <FieldRow id="register-password" label="Password" error={errors.password}>
          <PasswordInput {...textControl("password")} autoComplete="new-password" maxLength={128} />
        </FieldRow>
        <FieldRow id="register-confirmPassword" label="Confirm Password" error={errors.confirmPassword}>
          <PasswordInput {...textControl("confirmPassword")} autoComplete="new-password" maxLength={128} />
        </FieldRow>
        <div>
          <div className="flex items-start gap-3">
            <input
              {...control("acceptTerms")}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            <label htmlFor="register-acceptTerms" className="text-sm">
              I agree to the{" "}
              <Link to="/terms" className="font-semibold text-brand-700 underline">
                Terms &amp; Conditions
              </Link>
            </label>
          </div>
          {errors.acceptTerms && (
            <p id="register-acceptTerms-error" className="mt-1 text-sm text-red-700">
              {errors.acceptTerms}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
          {busy ? "Creating account..." : "Create Account"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
      {result?.ok && (
        <>
          <p className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800 ring-1 ring-green-200">
            We sent a code to {result.email}.{" "}
            <button
              type="button"
              onClick={() => setOtpClosedFor(undefined)}
              className="font-semibold underline"
            >
              Enter the code
            </button>
          </p>
          {otpOpen && (
            <OtpDialog
              onClose={() => setOtpClosedFor(result)}
              email={result.email}
              registrationToken={result.token}
              resendWaitSeconds={result.resendWaitSeconds}
            />
          )}
        </>
      )}
    </AuthCard>
  );
}
