import { data, useActionData, href, Link } from "react-router";
import { LogoutButton, type LogoutAnswer } from "~/accounts/logout-button";
import { logoutCall } from "#contract/accounts";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/logout";

export const meta = () =>
  pageMeta({ title: "Logout", description: "Log out of your account.", noindex: true });

/** Ends the session on the server and clears the session cookie. */
export async function action({ context }: Route.ActionArgs) {
  const headers = new Headers();
  const result = await context.api(logoutCall, undefined, { answerHeaders: headers });
  return data<LogoutAnswer>(
    { ok: result.ok, message: result.message },
    { headers, status: result.ok ? 200 : result.status },
  );
}

/** Seen only without JavaScript (the button posts here) or when /logout is opened directly. */
export default function Logout() {
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{result?.ok ? "Logged Out" : "Logout"}</h1>
      {result?.ok ? (
        <>
          <p className="mt-4 text-muted">You have been logged out on this device.</p>
          <Link
            to={href("/")}
            className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
          >
            Return to Home
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-muted">{result?.message ?? "Log out of your account on this device?"}</p>
          <LogoutButton className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700" />
        </>
      )}
    </section>
  );
}
