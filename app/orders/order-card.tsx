import { useState } from "react";
import { formatRupees } from "#contract/money";
import type { Order } from "#contract/orders";
import { formatDate, formatMobile } from "~/accounts/format";
import { RefreshIcon } from "~/components/icons";
import { LineImage } from "~/components/picture";
import { TEXT_LINK } from "~/components/styles";
import { browserApi } from "~/lib/api-client";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-badges";
import { AwaitingPayment } from "./awaiting-payment";
import { ShipmentDetails } from "./shipment-details";
import { CancelledNotice } from "./cancelled-notice";
import { href, Link } from "react-router";

/** One order in My Orders (spec: Account page > Orders tab), with a refresh that updates it in place. */
export function OrderCard({ order: initial }: { order: Order }) {
  const [order, setOrder] = useState(initial);
  const [refreshing, setRefreshing] = useState(false);
  const address = order.shippingAddress;

  async function refresh() {
    setRefreshing(true);
    // The call's description (and the API's schemas) load with the first refresh, not with My Orders.
    const { refreshOrderStatusCall } = await import("#contract/orders");
    const result = await browserApi(refreshOrderStatusCall, { orderId: order.orderId });
    setRefreshing(false);
    // Spec: a failed refresh is only logged.
    if (result.ok) setOrder({ ...order, ...result.data });
    else console.warn("refreshing the order status failed", result.message);
  }

  return (
    <article
      aria-labelledby={`order-${order.orderId}`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`order-${order.orderId}`} className="mr-auto font-sans text-base font-bold">
          <Link to={href("/orders/:id", { id: order.orderId })} className="hover:text-brand-700">
            Order #{order.orderId}
          </Link>
        </h3>
        <span aria-live="polite" className="flex items-center gap-2">
          <OrderStatusBadge status={order.orderStatus} />
          <PaymentStatusBadge status={order.paymentStatus} />
        </span>
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-label={`Refresh the status of order ${order.orderId}`}
          className="rounded-full p-2 text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:animate-spin"
        >
          <RefreshIcon size={18} />
        </button>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">Placed on</dt>
          <dd className="font-medium">{formatDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted">Total</dt>
          <dd className="font-medium">{formatRupees(order.totalAmount)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">Ship to</dt>
          <dd className="font-medium wrap-anywhere">
            {address.fullName}, {address.address}, {address.city} {address.postalCode} ·{" "}
            {formatMobile(address.phone)}
          </dd>
        </div>
      </dl>
      <AwaitingPayment order={order} compact />
      <ShipmentDetails order={order} compact />
      <CancelledNotice order={order} compact />
      <ul className="mt-3 grid gap-2 border-t border-brand-100 pt-3">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 text-sm">
            <LineImage src={item.image} width={48} height={64} className="h-16 w-12 rounded object-cover" />
            <Link
              to={href("/products/:id", { id: String(item.productId) })}
              className={`${TEXT_LINK} min-w-0 flex-1`}
            >
              {item.name}
            </Link>
            <span className="text-muted whitespace-nowrap">
              {item.size} × {item.quantity}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
