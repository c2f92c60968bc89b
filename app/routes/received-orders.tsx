import { STAFF_ROLES } from "#contract/users-rules";
import { requireUser } from "~/account/guards";
import { keepThroughLogout, privatePageHeaders } from "~/account/private-page";
import { AdminPlaceholder } from "~/admin/admin-placeholder";
import { TruckIcon } from "~/components/icons";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/received-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Received Orders",
    description: "The orders the store has received.",
    url: absoluteUrl(matches, "/admin/received-orders"),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  return null;
}

/** Orders arrive with checkout; until then there are none to list. */
export default function ReceivedOrders() {
  return (
    <AdminPlaceholder
      title="Received Orders"
      text="No completed orders found."
      icon={<TruckIcon size={30} />}
    />
  );
}
