import type { OrderStatus, PaymentStatus } from "#contract/orders";

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1";

// Spec section 4: Processing yellow; Completed and Delivered green; Shipped blue; Cancelled red; anything
// else grey, labelled 'Pending'. Dark text on a light fill keeps each badge readable (WCAG AA).
const ORDER_BADGES: Partial<Record<OrderStatus | "Completed", string>> = {
  Processing: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  Completed: "bg-green-100 text-green-900 ring-green-300",
  Delivered: "bg-green-100 text-green-900 ring-green-300",
  Shipped: "bg-blue-100 text-blue-900 ring-blue-300",
  Cancelled: "bg-red-100 text-red-900 ring-red-300",
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

/** Staff's lists: a refund of the order failed and waits for them (its page says what to do). */
export function RefundAttentionBadge() {
  return <span className={`${BADGE} bg-amber-100 text-amber-950 ring-amber-400`}>Refund needs you</span>;
}
