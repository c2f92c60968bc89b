import type { AdminOrdersQuery } from "#contract/staff-orders";
import { href } from "react-router";

/**
 * Received Orders' views (decision 040): what needs work (paid, not shipped: Processing) first, with its two
 * parts, then the other statuses, the refunds that failed and wait for staff, and every order. The page opens on "needs-work" unless a search or a day of
 * payment is asked for, which look through every order.
 */
export const ORDER_VIEWS = [
  { id: "needs-work", label: "Needs work", query: { status: "Processing" } },
  { id: "tailoring", label: "With the tailor", query: { work: "tailoring" } },
  { id: "to-ship", label: "Ready to ship", query: { work: "to-ship" } },
  { id: "awaiting-payment", label: "Awaiting payment", query: { status: "Pending" } },
  {
    id: "cash-to-confirm",
    label: "Cash orders to confirm",
    query: { status: "Pending", paymentMethod: "COD" },
  },
  { id: "shipped", label: "Shipped", query: { status: "Shipped" } },
  { id: "delivered", label: "Delivered", query: { status: "Delivered" } },
  { id: "cancelled", label: "Cancelled", query: { status: "Cancelled" } },
  { id: "returned", label: "Returned to us", query: { status: "Returned" } },
  { id: "refunds", label: "Refunds that need you", query: { attention: "refund" } },
  { id: "all", label: "All orders", query: {} },
] as const satisfies readonly { id: string; label: string; query: AdminOrdersQuery }[];

export type OrderViewId = (typeof ORDER_VIEWS)[number]["id"];

/**
 * The list asked for in a URL: `show=`, or a status of the spec's (`status=Processing`) or `attention=refund`
 * (the dashboard's links), or the default.
 */
export function orderViewOf(params: URLSearchParams): { id: OrderViewId; chosen: boolean } {
  const named = ORDER_VIEWS.find((view) => view.id === params.get("show"));
  if (named) return { id: named.id, chosen: true };
  if (params.get("attention") === "refund") return { id: "refunds", chosen: true };
  const status = params.get("status");
  const byStatus = ORDER_VIEWS.find((view) => "status" in view.query && view.query.status === status);
  if (byStatus) return { id: byStatus.id, chosen: true };
  const looking = Boolean(params.get("search")?.trim() || params.get("paidFrom") || params.get("paidTo"));
  return { id: looking ? "all" : "needs-work", chosen: false };
}

/** Received Orders' address of a view: `/admin/received-orders?show=tailoring`. */
export const orderViewHref = (id: OrderViewId, extra: Record<string, string> = {}) => {
  // The plain address is the default view; with a search or a day of payment, the view is named.
  const plain = id === "needs-work" && Object.keys(extra).length === 0;
  const params = new URLSearchParams({ ...(plain ? {} : { show: id }), ...extra });
  const text = params.toString();
  return `${href("/admin/received-orders")}${text ? `?${text}` : ""}`;
};
