import type { Order } from "#contract/orders";
import type { OrderStatus, PaymentStatus } from "#contract/orders-rules";

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1";

// Spec section 4: Processing yellow; Completed and Delivered green; Shipped blue; Cancelled red; anything
// else grey, labelled 'Pending'. Dark text on a light fill keeps each badge readable (WCAG AA).
const ORDER_BADGES: Partial<Record<OrderStatus | "Completed", string>> = {
  Processing: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  Completed: "bg-green-100 text-green-900 ring-green-300",
  Delivered: "bg-green-100 text-green-900 ring-green-300",
  Shipped: "bg-blue-100 text-blue-900 ring-blue-300",
  Cancelled: "bg-red-100 text-red-900 ring-red-300",
  // Not in the spec: a parcel the courier brought back (decision 050).
  Returned: "bg-orange-100 text-orange-900 ring-orange-300",
};

export function OrderStatusBadge({ status }: { status: OrderStatus | undefined }) {
  const colours = status ? ORDER_BADGES[status] : undefined;
  return (
    <span className={`${BADGE} ${colours ?? "bg-gray-100 text-gray-800 ring-gray-300"}`}>
      {colours ? status : "Pending"}
    </span>
  );
}

// Initiated orange, Success green, anything else red; N/A when there is none.
export function PaymentStatusBadge({ status }: { status: PaymentStatus | undefined }) {
  if (!status) return <span className={`${BADGE} bg-gray-100 text-gray-800 ring-gray-300`}>N/A</span>;
  const colours =
    status === "Initiated"
      ? "bg-orange-100 text-orange-900 ring-orange-300"
      : status === "Success"
        ? "bg-green-100 text-green-900 ring-green-300"
        : "bg-red-100 text-red-900 ring-red-300";
  return <span className={`${BADGE} ${colours}`}>{status}</span>;
}

/**
 * What staff must know of an order's work at a glance, beside its statuses: a Cash on Delivery order and
 * where its confirmation stands, and its tailoring, with the lines still to stitch while it is paid and not
 * shipped.
 */
export function OrderWorkBadges({
  order,
}: {
  order: Pick<Order, "orderStatus" | "items" | "paymentMethod" | "paymentStatus">;
}) {
  return (
    <>
      <CashBadge order={order} />
      <TailoringBadge order={order} />
    </>
  );
}

/** A cash order: to confirm (Pending), confirmed (on its way, unpaid), or its cash collected. */
function CashBadge({ order }: { order: Pick<Order, "orderStatus" | "paymentMethod" | "paymentStatus"> }) {
  if (order.paymentMethod !== "COD") return null;
  const [label, colours] =
    order.orderStatus === "Pending"
      ? ["COD: to confirm", "bg-amber-100 text-amber-950 ring-amber-400"]
      : order.paymentStatus === "Success"
        ? ["COD: cash collected", "bg-gray-100 text-gray-800 ring-gray-300"]
        : order.orderStatus === "Cancelled"
          ? ["COD", "bg-gray-100 text-gray-800 ring-gray-300"]
          : ["COD: confirmed", "bg-teal-100 text-teal-900 ring-teal-300"];
  return <span className={`${BADGE} ${colours}`}>{label}</span>;
}

function TailoringBadge({ order }: { order: Pick<Order, "orderStatus" | "items"> }) {
  const customised = order.items.filter((item) => item.customization !== null);
  if (customised.length === 0) return null;
  const toStitch = customised.filter((item) => !item.customization!.doneAt).length;
  const label =
    order.orderStatus !== "Processing"
      ? "Tailoring"
      : toStitch > 0
        ? `Tailoring: ${toStitch} to stitch`
        : "Tailoring done";
  const colours =
    order.orderStatus === "Processing" && toStitch > 0
      ? "bg-purple-100 text-purple-900 ring-purple-300"
      : "bg-gray-100 text-gray-800 ring-gray-300";
  return <span className={`${BADGE} ${colours}`}>{label}</span>;
}

/** Staff's lists: a refund of the order failed and waits for them (its page says what to do). */
export function RefundAttentionBadge() {
  return <span className={`${BADGE} bg-amber-100 text-amber-950 ring-amber-400`}>Refund needs you</span>;
}
