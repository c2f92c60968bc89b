import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AddressInput } from "../../contract/addresses";
import { productSizes } from "../catalog/catalog.tables";
import { orderEvents, orders } from "../orders/orders.tables";
import { payments, refunds } from "../payments/payments.tables";
import type { SandboxDecision, SandboxRefundOutcome, WebhookDelivery } from "../payments/phonepe-sandbox";
import { bearer, createUserAndLogin, freshIp, post } from "./accounts";
import { ROLE } from "../../contract/accounts-rules";
import type { CustomizationRequest } from "../../contract/tailoring-rules";

export const HOME: AddressInput = {
  name: "Kavya Reddy",
  phone: "98480 12345",
  address: "Flat 4B, Lotus Apartments, Road No. 3, Banjara Hills",
  city: "Hyderabad",
  state: "Telangana",
  country: "India",
  pincode: "500034",
};

/** A signed-in customer with one saved address. */
export async function shopperWithAddress(app: FastifyInstance) {
  const shopper = await createUserAndLogin(app, ROLE.customer);
  const response = await post(app, "/api/addresses/add-address", HOME, bearer(shopper.token));
  if (response.statusCode !== 200) throw new Error(`add-address failed: ${response.body}`);
  return { ...shopper, addressId: response.json().data.id as number };
}

export type Line = {
  id: number;
  size: string;
  quantity: number;
  price?: number;
  customization?: CustomizationRequest;
};

export function placeOrder(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
  key?: string,
  remoteAddress = freshIp(),
) {
  return app.inject({
    method: "POST",
    url: "/api/orders/place-order",
    remoteAddress,
    headers: {
      "content-type": "application/json",
      ...bearer(token),
      ...(key ? { "idempotency-key": key } : {}),
    },
    payload: JSON.stringify({ paymentMethod: "phonePe", ...body }),
  });
}

/** Places an order that must succeed; returns its public id and the sandbox's merchant order id. */
export async function placedOrder(
  app: FastifyInstance,
  shopper: { token: string; addressId: number },
  items: Line[],
) {
  const response = await placeOrder(app, shopper.token, { items, addressId: shopper.addressId });
  if (response.statusCode !== 200) throw new Error(`place-order failed: ${response.body}`);
  const orderId = response.json().data.orderId as string;
  const payment = await paymentOf(app, orderId);
  return {
    orderId,
    merchantOrderId: payment.merchantOrderId,
    checkoutUrl: response.json().data.phonePe.checkoutUrl as string,
  };
}

export async function stockOf(app: FastifyInstance, productId: number, size: string) {
  const [row] = await app.services.db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row?.stock;
}

export async function orderOf(app: FastifyInstance, publicId: string) {
  const [row] = await app.services.db.select().from(orders).where(eq(orders.publicId, publicId));
  return row!;
}

export async function paymentOf(app: FastifyInstance, publicId: string) {
  const order = await orderOf(app, publicId);
  const [row] = await app.services.db.select().from(payments).where(eq(payments.orderId, order.id));
  return row!;
}

export async function refundsOf(app: FastifyInstance, publicId: string) {
  const payment = await paymentOf(app, publicId);
  return app.services.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
}

export async function historyOf(app: FastifyInstance, publicId: string) {
  const order = await orderOf(app, publicId);
  return app.services.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(orderEvents.id);
}

/** The shopper's choice on the sandbox's hosted page. */
export async function decide(
  app: FastifyInstance,
  merchantOrderId: string,
  decision: SandboxDecision,
  options: { webhook?: WebhookDelivery; paidAmountPaise?: number; refunds?: SandboxRefundOutcome } = {},
) {
  await app.services.phonePeSandbox!.decide(merchantOrderId, decision, options);
}

/** Makes every unsettled payment and refund due now and runs one reconciler pass. */
export async function reconcileNow(app: FastifyInstance) {
  const { db, payments: service } = app.services;
  await db
    .update(payments)
    .set({ nextCheckAt: sql`now()` })
    .where(inArray(payments.state, ["CREATED", "PENDING"]));
  await db
    .update(refunds)
    .set({ nextCheckAt: sql`now()` })
    .where(inArray(refunds.state, ["CREATED", "PENDING", "CONFIRMED"]));
  return service.reconciler.runOnce();
}

export function orderStatus(app: FastifyInstance, token: string, orderId: string) {
  return post(app, "/api/orders/get-order-status", { orderId }, bearer(token));
}

/** An order's payment attempts, oldest first. */
export async function attemptsOf(app: FastifyInstance, publicId: string) {
  const order = await orderOf(app, publicId);
  return app.services.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id);
}

/** Pay now on an order awaiting payment: a new attempt at PhonePe. */
export function payAgain(app: FastifyInstance, token: string, orderId: string) {
  return post(app, "/api/orders/pay-again", { orderId }, bearer(token));
}

/** The shopper cancels her own order awaiting payment. */
export function cancelOrder(app: FastifyInstance, token: string, orderId: string) {
  return post(app, "/api/orders/cancel-order", { orderId }, bearer(token));
}
