import { useEffect, useRef } from "react";
import { data, Form, useActionData, useNavigation, href } from "react-router";
import { SignInFooterLink, SignInPanel } from "~/accounts/sign-in-panel";
import { FormField, FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { forgotPasswordCall, forgotPasswordRequest } from "#contract/accounts";
import { formText } from "~/lib/form-values";
import { errorOf, inputOf, useContractForm, refusalOf } from "~/lib/forms";
import { readForm, typedText } from "~/lib/form-reading";
import { actionOrFailure } from "~/lib/request-failure";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Forgot Password",
    description: "Get a link to choose a new password for your account.",
    url: absoluteUrl(matches, href("/forgot-password")),
    noindex: true,
  });

// Spec section 8.
const SENT = "Password reset link has been sent to your email.";
const SERVER_TROUBLE = "Something went wrong. Please try again.";
const FAILED = "Failed to send reset link.";

/** Asks the API to mail a reset link; works as a plain form post without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readForm(request, forgotPasswordRequest);
  const email = typedText(submission, "email");
  if (submission.status !== "success")
    return data({ ok: false as const, message: FAILED, email, reply: submission.reply() }, { status: 400 });
  const result = await context.api(forgotPasswordCall, submission.value);
  if (result.ok)
    return { ok: true as const, message: result.message || SENT, email, reply: submission.reply() };
  const message = result.status >= 500 ? SERVER_TROUBLE : result.message || FAILED;
  return data(
    { ok: false as const, message, email, reply: refusalOf(submission, result) },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/** The spec's words when the request fails: a server's 5xx, or no answer at all. */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form, failure) => {
    const message = failure === "server" ? SERVER_TROUBLE : FAILED;
    return data(
      { ok: false as const, message, email: formText(form, "email"), reply: undefined },
      { status: 503 },
    );
  });

export default function ForgotPassword() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formAction?.split("?")[0] === href("/forgot-password");
  const formRef = useRef<HTMLFormElement>(null);
  const { form, fields, formProps } = useContractForm(
    () => import("#contract/accounts").then((m) => m.forgotPasswordRequest),
    answer?.reply,
    { id: "forgot" },
  );
  const emailError = errorOf(fields.email);
  const showNotice = answer && !sending && !form.dirty;

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      toast("success", SENT);
    } else {
      toast("error", "Error", answer.message);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [answer]);

  return (
    <SignInPanel
      title="Forgot Password"
      intro="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      {showNotice && answer.ok && (
        <FormNotice tone="success" className="mt-5">
          <p className="font-semibold">Check your inbox.</p>
          <p className="mt-1">
            If an account uses <strong className="wrap-anywhere">{answer.email}</strong>, a link to choose a
            new password is on its way. The link is valid for one hour. Can't find it? Look in your spam
            folder, or send it again.
          </p>
        </FormNotice>
      )}
      {/* A field's own error shows under the field instead. */}
      {showNotice && !answer.ok && !emailError && (
        <FormNotice tone="error" className="mt-5">
          {answer.message}
        </FormNotice>
      )}

      <Form ref={formRef} method="post" {...formProps()} className="mt-6 grid gap-5">
        <FormField id={fields.email.id} label="Email" error={emailError}>
          <input {...inputOf(fields.email, "email")} autoComplete="email" required maxLength={254} />
        </FormField>
        <button type="submit" disabled={sending} className={`${BUTTON_PRIMARY} w-full`}>
          {sending ? "Sending..." : "Send Reset Link"}
        </button>
      </Form>

      <SignInFooterLink question="Remembered your password?" to={href("/login")} label="Sign In" />
    </SignInPanel>
  );
}
