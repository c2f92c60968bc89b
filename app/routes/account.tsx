import { useLoaderData } from "react-router";
import { ANY_ROLE } from "#contract/accounts-rules";
import { AccountSidebar } from "~/accounts/account-sidebar";
import { MyOrders, MyProfile } from "~/accounts/account-tabs";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/private-page";
import { privatePageHeaders } from "~/lib/page-headers";
import { myOrdersCall } from "#contract/orders";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "My Account",
    description: "Your profile and your orders.",
    url: absoluteUrl(matches, location.pathname),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** /profile and /orders (spec: Account page): one page, two tabs, for every signed-in role. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, ANY_ROLE);
  const tab = new URL(request.url).pathname.replace(/\/$/, "") === "/orders" ? "orders" : "profile";
  if (tab === "profile") return { user, tab, orders: [] };
  const orders = await context.api(myOrdersCall);
  if (!orders.ok) throw new Response(orders.message, { status: orders.status || 502 });
  return { user, tab, orders: orders.data };
}

export default function Account() {
  const { user, tab, orders } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">My Account</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[15rem_1fr] md:items-start lg:grid-cols-[17rem_1fr] lg:gap-10">
        <AccountSidebar fullName={user.fullName} email={user.email} />
        {tab === "orders" ? <MyOrders orders={orders} /> : <MyProfile user={user} />}
      </div>
    </div>
  );
}
