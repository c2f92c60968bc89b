import { useEffect, useRef } from "react";
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
  href,
  Link,
} from "react-router";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#contract/accounts-rules";
import { SignInFooterLink, SignInPanel } from "~/accounts/sign-in-panel";
import { privatePageHeaders } from "~/lib/page-headers";
import { FormField, FormNotice } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { BUTTON_PRIMARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { errorOf, secretOf, useContractForm, refusalOf } from "~/lib/forms";
import { readForm } from "~/lib/form-reading";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";
import { checkResetLinkCall, resetPasswordCall, resetPasswordRequest } from "#contract/accounts";

// The canonical URL leaves the token out: it is only ever in the address bar and the hidden field.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reset Password",
    description: "Choose a new password for your account.",
    url: absoluteUrl(matches, href("/reset-password")),
    noindex: true,
  });

/** The page's address holds a secret: no cache keeps it. */
export const headers = privatePageHeaders;

/**
 * A link already used, expired or unknown says so at once instead of offering a form that cannot work. When
 * the check itself cannot answer (too many checks, a failure), the form shows and its post checks again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { linkProblem: null };
  const result = await context.api(checkResetLinkCall, { token });
  if (result.ok || result.status !== 400) return { linkProblem: null };
  return data({ linkProblem: result.message }, { status: 400 });
}

const FAILED = "Your password could not be changed. Please try again.";

/** Sets the new password through the API; works as a plain form post without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readForm(request, resetPasswordRequest, {
    secrets: ["token", "password", "confirmPassword"],
  });
  const result =
    submission.status === "success"
      ? await context.api(resetPasswordCall, submission.value)
      : { ok: false as const, status: 400, message: FAILED, errors: undefined };
  if (result.ok) return { ok: true as const, message: result.message, reply: submission.reply() };
  const reply = submission.status === "success" ? refusalOf(submission, result) : submission.reply();
  const fieldErrors = reply.error ?? {};
  // A refused token (used, expired, unknown or cut short) cannot be fixed on this page: a new link is needed.
  const linkInvalid = result.status === 400 && !fieldErrors.password && !fieldErrors.confirmPassword;
  const message = fieldErrors.token?.[0] ?? (result.message || FAILED);
  return data(
    { ok: false as const, linkInvalid, message, reply },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const answer = useActionData<typeof action>();
  const { linkProblem } = useLoaderData<typeof loader>();

  if (!token) {
    return (
      <SignInPanel title="Reset Password">
        <LinkProblem message="This reset link is incomplete. Please open the link from the email again, or ask for a new one." />
      </SignInPanel>
    );
  }
  if (answer?.ok) return <PasswordChanged message={answer.message} />;
  const invalid = answer?.linkInvalid ? answer.message : linkProblem;
  if (invalid) {
    return (
      <SignInPanel title="Reset Password">
        <LinkProblem message={invalid} />
      </SignInPanel>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formAction?.split("?")[0] === href("/reset-password");
  const formRef = useRef<HTMLFormElement>(null);
  const failure = answer && !answer.ok ? answer : undefined;
  const { form, fields, formProps } = useContractForm(
    () => import("#contract/accounts").then((m) => m.resetPasswordRequest),
    answer?.reply,
    { id: "reset" },
  );

  useEffect(() => {
    if (!failure) return;
    toast("error", "Error", failure.message);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  const limits = { required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
  const fieldErrorShown = Boolean(fields.password.errors || fields.confirmPassword.errors);
  // The token is no field to correct: the browser's check of it (a link cut short) shows as the notice.
  const notice = fields.token.errors?.[0] ?? (failure && !form.dirty ? failure.message : undefined);

  return (
    <SignInPanel title="Reset Password" intro="Choose a new password for your account.">
      {notice && !saving && !fieldErrorShown && (
        <FormNotice tone="error" className="mt-5">
          {notice}
        </FormNotice>
      )}
      <Form ref={formRef} method="post" {...formProps()} className="mt-6 grid gap-5">
        <input type="hidden" name={fields.token.name} value={token} />
        <FormField
          id={fields.password.id}
          label="New Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errorOf(fields.password)}
        >
          <PasswordInput
            {...secretOf(fields.password, { hint: true })}
            {...limits}
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          id={fields.confirmPassword.id}
          label="Confirm Password"
          error={errorOf(fields.confirmPassword)}
        >
          <PasswordInput {...secretOf(fields.confirmPassword)} {...limits} autoComplete="new-password" />
        </FormField>
        <button type="submit" disabled={saving} className={`${BUTTON_PRIMARY} w-full`}>
          {saving ? "Saving..." : "Reset Password"}
        </button>
      </Form>
      <SignInFooterLink to={href("/login")} label="Back to Sign In" />
    </SignInPanel>
  );
}

/** Spec section 4: with JavaScript, a toast and the login page; without it, this notice. */
function PasswordChanged({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast("success", "Password Updated", message);
    navigate(href("/login"), { replace: true });
  }, [message, navigate]);
  return (
    <SignInPanel title="Password Updated">
      <FormNotice tone="success" className="mt-5">
        {message}
      </FormNotice>
      <Link to={href("/login")} className={`${BUTTON_PRIMARY} mt-6 w-full`}>
        Sign In
      </Link>
    </SignInPanel>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <>
      <FormNotice tone="error" className="mt-5">
        {message}
      </FormNotice>
      <Link to={href("/forgot-password")} className={`${BUTTON_PRIMARY} mt-6 w-full`}>
        Get a new link
      </Link>
      <SignInFooterLink question="Remembered your password?" to={href("/login")} label="Sign In" />
    </>
  );
}
