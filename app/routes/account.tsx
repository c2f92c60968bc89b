import { useLoaderData } from "react-router";
import { ANY_ROLE } from "#contract/accounts-rules";
import { AccountSidebar } from "~/accounts/account-sidebar";
import { MyOrders, MyProfile } from "~/accounts/account-tabs";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { privatePageHeaders } from "~/lib/page-headers";
import { myOrdersCall } from "#contract/orders";
import { myGrievancesCall } from "#contract/grievances";
import { myConsentsCall } from "#contract/privacy";
import { ROLE } from "#contract/accounts-rules";
import { DataRights } from "~/privacy/data-rights";
import { privacyAction } from "~/privacy/privacy-action";
import { WhatsAppSettings } from "~/privacy/whatsapp-settings";
import { whatsAppAccountCall } from "#contract/whatsapp";
import { MyComplaints } from "~/grievances/my-complaints";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "My Account",
    description: "Your profile, your orders and your complaints.",
    url: absoluteUrl(matches, location.pathname),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

const TABS: Partial<Record<string, "orders" | "complaints">> = {
  "/orders": "orders",
  "/complaints": "complaints",
};

/** /profile, /orders and /complaints (spec: Account page): one page, a tab each, for every signed-in role. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, ANY_ROLE);
  const path = new URL(request.url).pathname.replace(/\/$/, "");
  const tab = TABS[path] ?? "profile";
  if (tab === "profile") {
    const [consents, whatsapp] = await Promise.all([
      context.api(myConsentsCall),
      context.api(whatsAppAccountCall),
    ]);
    if (!consents.ok) throw new Response(consents.message, { status: consents.status || 502 });
    return {
      user,
      tab,
      orders: [],
      tickets: [],
      consents: consents.data,
      whatsapp: whatsapp.ok ? whatsapp.data : null,
    };
  }
  if (tab === "complaints") {
    const tickets = await context.api(myGrievancesCall);
    if (!tickets.ok) throw new Response(tickets.message, { status: tickets.status || 502 });
    return { user, tab, orders: [], tickets: tickets.data, consents: null, whatsapp: null };
  }
  const orders = await context.api(myOrdersCall);
  if (!orders.ok) throw new Response(orders.message, { status: orders.status || 502 });
  return { user, tab, orders: orders.data, tickets: [], consents: null, whatsapp: null };
}

/** The Profile tab's data rights: the marketing consent, deleting the account (app/privacy/). */
export async function action({ request, context }: Route.ActionArgs) {
  return privacyAction(request, context.api);
}

export default function Account() {
  const { user, tab, orders, tickets, consents, whatsapp } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">My Account</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[15rem_1fr] md:items-start lg:grid-cols-[17rem_1fr] lg:gap-10">
        <AccountSidebar fullName={user.fullName} email={user.email} />
        {tab === "orders" ? (
          <MyOrders orders={orders} />
        ) : tab === "complaints" ? (
          <MyComplaints tickets={tickets} />
        ) : (
          <div>
            <MyProfile user={user} />
            {consents && (
              <DataRights
                consents={consents}
                shopper={user.roleId === ROLE.customer}
                whatsapp={
                  whatsapp && user.roleId === ROLE.customer ? <WhatsAppSettings account={whatsapp} /> : null
                }
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
