import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
  href,
  Link,
} from "react-router";
import { loginCall, loginRequest } from "#contract/accounts";
import { MESSAGES, RESEND_COOLDOWN_SECONDS } from "#contract/accounts-rules";
import { SignInFooterLink, SignInPanel } from "~/accounts/sign-in-panel";
import { redirectSignedIn } from "~/accounts/guards";
import { finishOwnSubmissions } from "~/accounts/revalidation";
import { homeFor } from "~/accounts/home-for";
import { OtpDialog } from "~/accounts/otp-dialog";
import { FormField, FormNotice } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { formText } from "~/lib/form-values";
import { errorOf, inputOf, secretOf, useContractForm } from "~/lib/forms";
import { readForm, typedText } from "~/lib/form-reading";
import { actionOrFailure } from "~/lib/request-failure";
import { safeRedirectTo } from "~/lib/redirect-target";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

/** A signed-in shopper is sent on instead of seeing the form. */
export const loader = ({ request, context }: Route.LoaderArgs) => redirectSignedIn(request, context);

export const shouldRevalidate = finishOwnSubmissions;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Login",
    description: "Log in to see your orders and check out faster.",
    url: absoluteUrl(matches, href("/login")),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readForm(request, loginRequest, { secrets: ["password"] });
  const email = typedText(submission, "email");
  if (submission.status !== "success")
    return data(
      {
        ok: false as const,
        status: 400,
        message: MESSAGES.loginMissingFields,
        email,
        reply: submission.reply(),
      },
      { status: 400 },
    );
  // The session cookie the API sets reaches the browser with the action's answer.
  const headers = new Headers();
  const result = await context.api(loginCall, submission.value, { answerHeaders: headers });
  if (result.ok) {
    const redirectTo = safeRedirectTo(typedText(submission, "redirectTo")) ?? homeFor(result.data.roleId);
    return data({ ok: true as const, fullName: result.data.fullName, redirectTo }, { headers });
  }
  return data(
    { ok: false as const, status: result.status, message: result.message, email, reply: submission.reply() },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/**
 * A login the network or the server failed keeps the form as typed and says so (failureText's default).
 * Its status (503) keeps React Router from reloading the page's data over the same broken connection.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) =>
    data(
      { ok: false as const, status: 503, message: "", email: formText(form, "email"), reply: undefined },
      { status: 503 },
    ),
  );

/** The spec's failure toast: its own words for a wrong password, else the server's message. */
function failureText(message: string) {
  if (message.toLowerCase().includes("incorrect password")) return "Incorrect password. Please try again.";
  return message || "Login failed. Please try again.";
}

export default function Login() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTo(searchParams.get("redirectTo"));
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(href("/login"));
  // An unverified account gets the code dialog, until the shopper closes it.
  const [otpClosedFor, setOtpClosedFor] = useState<unknown>();
  const verifyEmail =
    result && !result.ok && result.status === 403 && otpClosedFor !== result ? result.email : undefined;
  const handled = useRef<unknown>(undefined);
  const loginButton = useRef<HTMLButtonElement>(null);
  const { fields, formProps } = useContractForm(
    () => import("#contract/accounts").then((m) => m.loginRequest),
    result && !result.ok ? result.reply : undefined,
    {
      id: "login",
    },
  );

  // The answer arrives while the root is still reloading with the new session: act once all is loaded,
  // or the next page would be shown with the old, signed-out header.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (!result || !settled || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast("success", "Login Successful", `Welcome back, ${result.fullName}!`);
      navigate(result.redirectTo, { replace: true });
    } else if (result.status === 403) {
      toast("info", "Verify your email", result.message);
    } else {
      toast("error", "Login Failed", failureText(result.message));
    }
  }, [result, settled, navigate]);

  return (
    <SignInPanel title="Login" intro="Welcome back! Log in to see your orders and check out faster.">
      {result && !result.ok && (
        <FormNotice tone="error" className="mt-5">
          <p role="alert">{failureText(result.message)}</p>
        </FormNotice>
      )}
      {result?.ok && (
        <FormNotice tone="success" className="mt-5">
          Welcome back, {result.fullName}!{" "}
          <Link to={result.redirectTo} className="font-semibold underline">
            Continue
          </Link>
        </FormNotice>
      )}
      <Form
        method="post"
        {...formProps({
          onRefused: () => toast("error", "Missing Fields", MESSAGES.loginMissingFields),
        })}
        className="mt-6 space-y-5"
      >
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <FormField id={fields.email.id} label="Email" error={errorOf(fields.email)}>
          <input {...inputOf(fields.email, "email")} autoComplete="email" required />
        </FormField>
        <FormField id={fields.password.id} label="Password" error={errorOf(fields.password)}>
          <PasswordInput {...secretOf(fields.password)} autoComplete="current-password" required />
        </FormField>
        <div className="flex justify-end">
          <Link to={href("/forgot-password")} className={`text-sm ${TEXT_LINK}`}>
            Forgot Password?
          </Link>
        </div>
        <button ref={loginButton} type="submit" disabled={busy} className={`w-full ${BUTTON_PRIMARY}`}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={href("/login/whatsapp")} className={TEXT_LINK}>
          Log in with a code on WhatsApp
        </Link>
      </p>
      <SignInFooterLink question="New here?" to={href("/register")} label="Create a New Account" />
      {verifyEmail && (
        <OtpDialog
          onClose={() => {
            setOtpClosedFor(result);
            // Back to the button that opened it (disabled while it was sending, so the dialog cannot return there).
            loginButton.current?.focus();
          }}
          email={verifyEmail}
          resendWaitSeconds={RESEND_COOLDOWN_SECONDS}
        />
      )}
    </SignInPanel>
  );
}
