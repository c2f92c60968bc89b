import type { Order } from "#contract/orders";

/** Why the store cancelled an order, as its shopper (and staff) read it on the order and in My Orders. */
export function CancelledNotice({
  order,
  compact = false,
}: {
  order: Pick<Order, "orderStatus" | "cancelReason">;
  compact?: boolean;
}) {
  if (order.orderStatus !== "Cancelled" || !order.cancelReason) return null;
  return (
    <p
      className={`rounded-2xl bg-red-50 text-red-950 ring-1 ring-red-200 wrap-anywhere ${compact ? "mt-3 p-3 text-sm" : "mt-6 p-5"}`}
    >
      <strong>We cancelled this order.</strong> Reason: {order.cancelReason}
    </p>
  );
}
