import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ROLE } from "../../contract/accounts-rules";
import { whatsappMessageEvents, whatsappMessages } from "../messaging/messaging.tables";
import type { WhatsAppSandbox } from "../messaging/whatsapp-sandbox";
import { bearer, createUserAndLogin, post } from "./accounts";
import { HOME, orderOf, placeOrder } from "./checkout";

/** A mobile number no other test uses (ten digits from 9; its last four never 0026 or 0049 unless asked). */
export function freshMobile(ending = ""): string {
  const body = `9${String(randomInt(0, 10 ** 9)).padStart(9, "0")}`;
  const number = ending ? body.slice(0, 10 - ending.length) + ending : body;
  return /00(26|49)$/.test(number) && !ending ? freshMobile() : number;
}

/** A signed-in customer with one saved address whose phone is `mobile` (ten digits). */
export async function shopperWithMobile(app: FastifyInstance, mobile = freshMobile()) {
  const shopper = await createUserAndLogin(app, ROLE.customer);
  const response = await post(
    app,
    "/api/addresses/add-address",
    { ...HOME, phone: mobile },
    bearer(shopper.token),
  );
  if (response.statusCode !== 200) throw new Error(`add-address failed: ${response.body}`);
  return { ...shopper, mobile, wa: `91${mobile}`, addressId: response.json().data.id as number };
}

/** Places an order of one piece with the WhatsApp box ticked (or not); answers its public id. */
export async function placeWithWhatsApp(
  app: FastifyInstance,
  shopper: { token: string; addressId: number },
  productId: number,
  {
    whatsappUpdates = true,
    paymentMethod = "phonePe",
  }: { whatsappUpdates?: boolean; paymentMethod?: string } = {},
) {
  const response = await placeOrder(app, shopper.token, {
    items: [{ id: productId, size: "M", quantity: 1 }],
    addressId: shopper.addressId,
    paymentMethod,
    whatsappUpdates,
  });
  if (response.statusCode !== 200) throw new Error(`place-order failed: ${response.body}`);
  return response.json().data.orderId as string;
}

/** An order's WhatsApp messages, oldest first. */
export async function messagesOf(app: FastifyInstance, publicId: string) {
  const order = await orderOf(app, publicId);
  return app.services.db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, order.id))
    .orderBy(whatsappMessages.id);
}

/** A message's history, oldest first, as `status` or `status:detail`. */
export async function historyOfMessage(app: FastifyInstance, messageId: number) {
  const rows = await app.services.db
    .select()
    .from(whatsappMessageEvents)
    .where(eq(whatsappMessageEvents.messageId, messageId))
    .orderBy(whatsappMessageEvents.id);
  return rows.map((row) => row.status);
}

/** Makes every message waiting to be sent (again) due now and runs one pass of the outbox's job. */
export async function sendWhatsAppNow(app: FastifyInstance) {
  const { db, messaging } = app.services;
  await db
    .update(whatsappMessages)
    .set({ nextAttemptAt: new Date() })
    .where(inArray(whatsappMessages.status, ["pending"]));
  return messaging.worker!.runOnce();
}

/** The store's sandbox, pushing statuses only when a test asks. */
export async function quietSandbox(app: FastifyInstance): Promise<WhatsAppSandbox> {
  const sandbox = app.services.messaging.connection!.sandbox!;
  await sandbox.setStatuses("manual");
  await sandbox.setFailure("none");
  return sandbox;
}
