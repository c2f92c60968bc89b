import type { Shipment } from "../../contract/couriers";
import type { Transaction } from "../db/client";
import type { OrderItemRow, OrderRow } from "./orders.tables";

/**
 * What happened to an order, told by the order lifecycle to its subscribers in the transaction of the change:
 * the shopper's mails and the GST documents (order-notices.ts) today; a courier's booking, a WhatsApp message
 * or a Cash on Delivery confirmation call would subscribe the same way (server/app.ts lists them), without
 * an edit of the lifecycle. `order` is the row as it was before the change unless the kind says otherwise.
 */
export type OrderChange =
  | {
      kind: "paid";
      order: OrderRow;
      items: OrderItemRow[];
      /** Its shopper had cancelled it, and it came back with this payment (decision 019). */
      afterCancelling: boolean;
    }
  | {
      /** Unpaid and cancelled, its stock back on sale: its payment failed, its window ended, or its shopper cancelled it. */
      kind: "released";
      order: OrderRow;
      items: OrderItemRow[];
      /** PhonePe declined the payment: the shopper is told and offered the checkout again. */
      declined: boolean;
    }
  | { kind: "shipped"; order: OrderRow; shipped: OrderRow; items: OrderItemRow[]; shipment: Shipment }
  | { kind: "delivered"; order: OrderRow; delivered: OrderRow; items: OrderItemRow[] }
  | {
      kind: "cancelled-by-staff";
      order: OrderRow;
      cancelled: OrderRow;
      items: OrderItemRow[];
      /** The reason, as the shopper reads it (decision 040). */
      told: string;
    }
  | { kind: "out-for-delivery"; order: OrderRow; items: OrderItemRow[] }
  | {
      /** The courier brought the parcel back (RTO): the order is Returned, its pieces back on sale. */
      kind: "returned";
      order: OrderRow;
      returned: OrderRow;
      items: OrderItemRow[];
    }
  | { kind: "refund-started"; order: OrderRow; items: OrderItemRow[]; amountPaise: number; reason: string };

/** One who acts on an order's changes, in their transaction (so a failure rolls the change back). */
export type OrderSubscriber = (tx: Transaction, change: OrderChange) => Promise<void>;

/** Tells each subscriber of a change, in the order listed. */
export const tellAll =
  (subscribers: readonly OrderSubscriber[]): OrderSubscriber =>
  async (tx, change) => {
    for (const subscriber of subscribers) await subscriber(tx, change);
  };
