import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigate, useNavigation, useSearchParams } from "react-router";
import { MESSAGES, RESEND_COOLDOWN_SECONDS } from "#contract/users-rules";
import { passingCookies } from "~/account/api-cookies";
import { AuthCard, FieldRow, INPUT_CLASS, PRIMARY_BUTTON } from "~/account/auth-card";
import { homeFor, safeRedirectTo } from "~/account/guards";
import { OtpDialog } from "~/account/otp-dialog";
import { PasswordInput } from "~/account/password-input";
import { toast } from "~/components/toast";
import { createApiClient } from "~/lib/api-client";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Login",
    description: "Log in to see your orders and check out faster.",
    url: absoluteUrl(matches, "/login"),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const { fetcher, headers } = passingCookies(context.api);
  const result = await createApiClient(fetcher).login({
    email,
    password: String(form.get("password") ?? ""),
  });
  if (result.ok) {
    const redirectTo = safeRedirectTo(form.get("redirectTo")) ?? homeFor(result.data.roleId);
    return data({ ok: true as const, fullName: result.data.fullName, redirectTo }, { headers });
  }
  return data(
    { ok: false as const, status: result.status, message: result.message, email },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

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
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  // An unverified account gets the code dialog, until the shopper closes it.
  const [otpClosedFor, setOtpClosedFor] = useState<unknown>();
  const verifyEmail =
    result && !result.ok && result.status === 403 && otpClosedFor !== result ? result.email : undefined;
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast("success", "Login Successful", `Welcome back, ${result.fullName}!`);
      navigate(result.redirectTo, { replace: true });
    } else if (result.status === 403) {
      toast("info", "Verify your email", result.message);
    } else {
      toast("error", "Login Failed", failureText(result.message));
    }
  }, [result, navigate]);

  return (
    <AuthCard title="Login" intro="Welcome back! Log in to see your orders and check out faster.">
      {result && !result.ok && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
        >
          {failureText(result.message)}
        </p>
      )}
      {result?.ok && (
        <p className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800 ring-1 ring-green-200">
          Welcome back, {result.fullName}!{" "}
          <Link to={result.redirectTo} className="font-semibold underline">
            Continue
          </Link>
        </p>
      )}
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          if (!String(form.get("email")).trim() || !String(form.get("password"))) {
            event.preventDefault();
            toast("error", "Missing Fields", MESSAGES.loginMissingFields);
          }
        }}
      >
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <FieldRow id="login-email" label="Email" error={undefined}>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={result && !result.ok ? result.email : ""}
            className={`${INPUT_CLASS} border-muted/70`}
          />
        </FieldRow>
        <FieldRow id="login-password" label="Password" error={undefined}>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            required
            className={`${INPUT_CLASS} border-muted/70`}
          />
        </FieldRow>
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        New here?{" "}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          Create a New Account
        </Link>
      </p>
      {verifyEmail && (
        <OtpDialog
          onClose={() => setOtpClosedFor(result)}
          email={verifyEmail}
          resendWaitSeconds={RESEND_COOLDOWN_SECONDS}
        />
      )}
    </AuthCard>
  );
}
