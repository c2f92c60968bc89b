import type { Order } from "#contract/orders";
import { formatDate } from "~/accounts/format";
import { TEXT_LINK } from "~/components/styles";

/**
 * Where the parcel is: its courier, tracking number and a link to track it once the order has shipped, and
 * the day it was delivered. A courier whose page takes no number in its address is linked to its tracking
 * page, with the number to type there. Nothing before the order ships.
 */
export function ShipmentDetails({ order, compact = false }: { order: Order; compact?: boolean }) {
  const shipment = order.shipment;
  if (!shipment || !["Shipped", "Delivered", "Returned"].includes(order.orderStatus)) return null;
  const delivered = order.orderStatus === "Delivered";
  const returned = order.orderStatus === "Returned";
  const link = shipment.trackingLink;
  return (
    <section
      aria-label="Delivery"
      className={
        compact
          ? "mt-3 rounded-xl bg-brand-50/60 p-3 text-sm ring-1 ring-brand-100"
          : "mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100"
      }
    >
      {compact ? null : <h2 className="text-lg font-bold">Delivery</h2>}
      <p className={compact ? "" : "mt-2"}>
        {returned ? (
          <>
            <strong>Came back to us</strong>: the courier could not deliver it.
            {["Success", "Refund Pending", "Refunded"].includes(order.paymentStatus)
              ? " What you paid is refunded to the account you paid from."
              : " Nothing is owed."}
          </>
        ) : delivered ? (
          <>
            <strong>Delivered</strong>
            {shipment.deliveredAt ? <> on {formatDate(shipment.deliveredAt)}</> : null}.
          </>
        ) : (
          <>
            <strong>On its way</strong>
            {shipment.shippedAt ? <>, shipped on {formatDate(shipment.shippedAt)}</> : null}.
          </>
        )}
      </p>
      {shipment.courierName ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 wrap-anywhere">
          <dt className="text-muted">Courier</dt>
          <dd className="font-medium">{shipment.courierName}</dd>
          {shipment.trackingNumber ? (
            <>
              <dt className="text-muted">Tracking number</dt>
              <dd className="font-mono font-medium">{shipment.trackingNumber}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="mt-1 text-muted">Handed over without a courier's tracking.</p>
      )}
      {link && !delivered && !returned ? (
        <p className="mt-2">
          <a href={link.url} target="_blank" rel="noopener noreferrer" className={TEXT_LINK}>
            Track your parcel on {shipment.courierName}'s site
          </a>
          {link.withNumber ? null : <span className="text-muted"> (enter the tracking number there)</span>}
        </p>
      ) : null}
    </section>
  );
}
