import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ShippingAddress } from "../../contract/orders";
import type { NamedLine } from "../catalog/catalog.service";
import type { Transaction } from "../db/client";
import { recordEvent } from "./order-history";
import { totalPaiseOf, type PaymentCharges } from "./payment-charges";
import { orderItems, orders, type OrderedCustomization, type OrderRow } from "./orders.tables";

/** A line of a new order, priced by the server: one piece's price includes its customisation's charges. */
export type OrderLine = NamedLine & {
  unitPricePaise: number;
  image: string | null;
  customization: OrderedCustomization | null;
};

// Public ids: "RB" and ten characters no one misreads (no 0/O, 1/I/L), about 50 bits of randomness.
const ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const newPublicId = () =>
  `RB${Array.from({ length: 10 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("")}`;

/**
 * Creates an order for priced lines in the caller's transaction (which also reserves their stock), with its
 * first history entries: Pending, its stock reserved. Its 'order placed' mail waits for PhonePe to open its
 * payment page (order-placed-mail.ts).
 */
export async function createOrder(
  tx: Transaction,
  input: {
    userId: number;
    lines: OrderLine[];
    /** The delivery charge the server priced for these lines (delivery-charge.ts). */
    deliveryPaise: number;
    /** What the way to pay changes (Cash on Delivery's fee, the discount for paying online), priced by the server. */
    charges: PaymentCharges;
    shippingAddress: ShippingAddress;
    idempotencyKey: string | null;
    requestHash: string;
    placedFrom: string;
    payBy: Date;
    reservedUntil: Date;
    paymentMethod: OrderRow["paymentMethod"];
  },
): Promise<OrderRow> {
  const subtotalPaise = input.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const [order] = await tx
    .insert(orders)
    .values({
      publicId: newPublicId(),
      userId: input.userId,
      subtotalPaise,
      deliveryPaise: input.deliveryPaise,
      codFeePaise: input.charges.codFeePaise,
      prepaidDiscountPaise: input.charges.prepaidDiscountPaise,
      totalPaise: totalPaiseOf(subtotalPaise, input.deliveryPaise, input.charges),
      shippingAddress: input.shippingAddress,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      placedFrom: input.placedFrom,
      payBy: input.payBy,
      reservedUntil: input.reservedUntil,
      paymentMethod: input.paymentMethod,
    })
    .returning();
  await tx.insert(orderItems).values(
    input.lines.map((line) => ({
      orderId: order!.id,
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      name: line.name,
      image: line.image,
      customization: line.customization,
    })),
  );
  await recordEvent(tx, order!.id, { actor: "shopper", subject: "order", to: "Pending", note: "placed" });
  await recordEvent(tx, order!.id, { actor: "shopper", subject: "stock", to: "reserved" });
  return order!;
}

/** Frees an order's checkout-attempt key, so that placing the same bag again makes a new order. */
export async function forgetIdempotencyKey(tx: Transaction, orderId: number) {
  await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, orderId));
}
