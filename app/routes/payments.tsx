import { useLoaderData, href, Link } from "react-router";
import { ROLE } from "#contract/accounts-rules";
import { paymentProviderCall } from "#contract/payments";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { FormNotice } from "~/components/form-field";
import { BUTTON_SECONDARY } from "~/components/styles";
import { privatePageHeaders } from "~/lib/page-headers";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Payments",
    description: "Which PhonePe the store uses, and the sandbox's credentials.",
    url: absoluteUrl(matches, href("/admin/payments")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** The super admin's: which PhonePe the store takes payments with; the built-in sandbox's credentials (decision 039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, [ROLE.superAdmin]);
  const result = await context.api(paymentProviderCall);
  return result.ok
    ? { provider: result.data, error: null }
    : { provider: null, error: result.message || "The payment settings could not be fetched." };
}

const PANEL = "mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-6";

export default function Payments() {
  const { provider, error } = useLoaderData<typeof loader>();
  const sandbox = provider?.sandbox;
  const rows = sandbox
    ? [
        ["PHONEPE_CLIENT_ID", sandbox.clientId],
        ["PHONEPE_CLIENT_SECRET", sandbox.clientSecret],
        ["PHONEPE_CLIENT_VERSION", sandbox.clientVersion],
        ["PHONEPE_WEBHOOK_USERNAME", sandbox.webhookUsername],
        ["PHONEPE_WEBHOOK_PASSWORD", sandbox.webhookPassword],
        ["PHONEPE_OAUTH_BASE_URL and PHONEPE_PG_BASE_URL", sandbox.baseUrl],
      ]
    : [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Staff area</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Payments</h1>
      {error ? (
        <FormNotice tone="error" className="mt-6">
          {error}
        </FormNotice>
      ) : provider?.provider === "phonepe" ? (
        <p className={PANEL}>
          The store takes payments with PhonePe, with the credentials set in its PHONEPE_* settings.
        </p>
      ) : provider?.provider === "none" ? (
        <p className={PANEL}>
          The store takes no payments: it runs in production without PhonePe&apos;s credentials. Set the
          PHONEPE_* settings to take them.
        </p>
      ) : sandbox ? (
        <section aria-labelledby="sandbox-heading" className={PANEL}>
          <h2 id="sandbox-heading" className="text-lg font-bold">
            PhonePe&apos;s built-in sandbox
          </h2>
          <p className="mt-2 text-sm">
            No real money moves: the store pays and refunds on a stand-in for PhonePe on its own server. Its
            credentials were made for this store when it first started, and only it and you know them. Keep
            them to yourself: with them, anyone can start payments and refunds on the sandbox. Another program
            that should talk to the sandbox as to PhonePe (a second store, a test tool) is given these
            settings.
          </p>
          <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-semibold wrap-anywhere">{name}</dt>
                <dd className="font-mono break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <Link to={href("/admin-dashboard")} className={`${BUTTON_SECONDARY} mt-6`}>
        Admin Dashboard
      </Link>
    </div>
  );
}
