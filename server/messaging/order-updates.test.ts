import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { STORE } from "../../contract/store";
import { consents } from "../privacy/privacy.tables";
import { createUserAndLogin, mailSubjects } from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, orderOf, paymentOf, reconcileNow } from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";
import {
  freshMobile,
  historyOfMessage,
  messagesOf,
  placeWithWhatsApp,
  quietSandbox,
  sendWhatsAppNow,
  shopperWithMobile,
} from "../test-support/whatsapp";
import { whatsappMessages } from "./messaging.tables";
import type { WhatsAppSandbox } from "./whatsapp-sandbox";
import { createWhatsAppWorker } from "./whatsapp-worker";

let app: FastifyInstance;
let api: TestApi;
let sandbox: WhatsAppSandbox;
let staff: { token: string };
let productId: number;

beforeAll(async () => {
  // Listening: the store's client sends to the built-in WhatsApp sandbox over HTTP.
  ({ app, api } = await startTestApp({}, { listen: true }));
  sandbox = await quietSandbox(app);
  staff = await createUserAndLogin(app, ROLE.admin);
  [productId = 0] = await seedCatalog(app, [
    { name: "Mustard Chanderi Kurta", price: 2499, categoryId: 1, sizes: { M: 500 } },
  ]);
});

async function pay(orderId: string) {
  await decide(app, (await paymentOf(app, orderId)).merchantOrderId, "approve");
  await reconcileNow(app);
}

const ship = (orderId: string) =>
  api.as(staff.token).updateOrderStatus({
    orderId,
    status: "Shipped",
    courier: "delhivery",
    trackingNumber: "57930810000066",
  });

async function outForDelivery(orderId: string) {
  const { id } = await orderOf(app, orderId);
  const { orders } = app.services;
  await app.services.db.transaction(async (tx) => orders.outForDelivery(tx, await orders.lock(tx, id)));
}

const events = async (orderId: string) =>
  (await messagesOf(app, orderId)).map((m) => `${m.event}:${m.status}`);

describe("an order whose shopper ticked WhatsApp at checkout", () => {
  it("gets each update once, as its template, beside the receipts' mails and instead of the parcel's", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    expect(await events(orderId)).toEqual(["order-placed:pending"]);
    const [given] = await app.services.db.select().from(consents).where(eq(consents.userId, shopper.id));
    expect(given).toMatchObject({ purpose: "whatsapp", action: "given" });
    expect(given!.source).toBe(
      `checkout of ${orderId}, to +91 ${shopper.mobile.slice(0, 5)} ${shopper.mobile.slice(5)}`,
    );

    expect(await sendWhatsAppNow(app)).toBe(1);
    await pay(orderId);
    expect((await ship(orderId)).status).toBe(200);
    await outForDelivery(orderId);
    expect((await api.as(staff.token).updateOrderStatus({ orderId, status: "Delivered" })).status).toBe(200);
    expect(await sendWhatsAppNow(app)).toBe(4);
    // Further passes, and the same changes told again, send nothing more.
    expect(await sendWhatsAppNow(app)).toBe(0);
    await outForDelivery(orderId);
    expect(await sendWhatsAppNow(app)).toBe(0);

    expect(await events(orderId)).toEqual([
      "order-placed:accepted",
      "payment-received:accepted",
      "shipped:accepted",
      "out-for-delivery:accepted",
      "delivered:accepted",
    ]);
    const received = (await sandbox.received(shopper.wa)).reverse();
    expect(received.map((message) => message.template)).toEqual([
      "order_placed",
      "payment_received",
      "order_shipped",
      "order_out_for_delivery",
      "order_delivered",
    ]);
    expect(received[0]!.text).toContain(`thank you for your order ${orderId} of ₹2,499 at ${STORE.name}`);
    expect(received[2]!.text).toContain("with Delhivery (tracking number 57930810000066)");
    expect(received[2]!.text).toContain("https://www.delhivery.com/tracking?trackingId=57930810000066");
    expect(received[3]!.text).toContain("It is paid, so there is nothing to pay at the door.");
    expect(received[4]!.text).toContain(`/reviews/write?product=${productId}`);
    expect(received[4]!.buttons[0]!.url).toMatch(new RegExp(`/orders/${orderId}$`));
    // The receipts are mailed anyway; the parcel's news went on WhatsApp instead of by mail.
    const subjects = await mailSubjects(app, shopper.email);
    expect(subjects.some((subject) => subject.includes("payment received"))).toBe(true);
    expect(subjects.some((subject) => /shipped|delivered|out for delivery/i.test(subject))).toBe(false);
  });

  it("is none of it when the box was left unticked: the mails go as before", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId, { whatsappUpdates: false });
    await pay(orderId);
    await ship(orderId);
    expect(await messagesOf(app, orderId)).toEqual([]);
    expect((await mailSubjects(app, shopper.email)).some((subject) => subject.includes("has shipped"))).toBe(
      true,
    );
    expect(await app.services.db.select().from(consents).where(eq(consents.userId, shopper.id))).toEqual([]);
  });
});

describe("the outbox's job", () => {
  it("sends each message once with two runners side by side", async () => {
    const orders = [];
    for (let n = 0; n < 4; n += 1)
      orders.push(await placeWithWhatsApp(app, await shopperWithMobile(app), productId));
    const other = createWhatsAppWorker({
      db: app.services.db,
      provider: app.services.messaging.connection!.provider,
      perSecond: 80,
      stillWanted: async () => true,
      log: app.log,
      onMailQueued: () => {},
    });
    const [one, two] = await Promise.all([app.services.messaging.worker!.runOnce(), other.runOnce()]);
    expect(one + two).toBe(4);
    for (const orderId of orders) {
      const [message] = await messagesOf(app, orderId);
      expect(message!.status).toBe("accepted");
      expect(await sandbox.received(message!.to)).toHaveLength(1);
    }
  });

  it("waits after a refusal worth retrying, then sends it once", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    await sandbox.setFailure("unavailable", 1);
    expect(await sendWhatsAppNow(app)).toBe(0);
    const [waiting] = await messagesOf(app, orderId);
    expect(waiting).toMatchObject({ status: "pending", errorCode: 2 });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await sendWhatsAppNow(app)).toBe(1);
    expect(await historyOfMessage(app, waiting!.id)).toEqual(["queued", "retry", "accepted"]);
    expect(await sandbox.received(shopper.wa)).toHaveLength(1);
  });

  it("gives up on a refusal not worth retrying: the parcel's news falls back to its mail, a receipt's does not", async () => {
    const shopper = await shopperWithMobile(app, freshMobile("0049"));
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    await pay(orderId);
    await ship(orderId);
    await sendWhatsAppNow(app);
    const messages = await messagesOf(app, orderId);
    expect(messages.map((m) => `${m.event}:${m.status}:${m.errorCode}`)).toEqual([
      "order-placed:failed:131049",
      "payment-received:failed:131049",
      "shipped:failed:131049",
    ]);
    expect(messages[2]!.errorReason).toContain("(#131049)");
    expect(messages[2]!.fellBackAt).not.toBeNull();
    expect(messages[1]!.fellBackAt).toBeNull();
    const subjects = await mailSubjects(app, shopper.email);
    expect(subjects.filter((subject) => subject.includes("has shipped"))).toHaveLength(1);
    // Another pass neither sends nor mails again.
    await sendWhatsAppNow(app);
    expect((await mailSubjects(app, shopper.email)).length).toBe(subjects.length);
  });

  it("skips a message whose shopper withdrew before it went, and sends its mail instead", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    await pay(orderId);
    await ship(orderId);
    await app.services.messaging.consents.setForAccount(shopper.id, false);
    expect(await sendWhatsAppNow(app)).toBe(0);
    expect(await events(orderId)).toEqual([
      "order-placed:skipped",
      "payment-received:skipped",
      "shipped:skipped",
    ]);
    expect(await sandbox.received(shopper.wa)).toEqual([]);
    expect((await mailSubjects(app, shopper.email)).some((subject) => subject.includes("has shipped"))).toBe(
      true,
    );
  });

  it("keeps to the number's throughput: what the second cannot take waits for the next", async () => {
    const orders = [];
    for (let n = 0; n < 3; n += 1)
      orders.push(await placeWithWhatsApp(app, await shopperWithMobile(app), productId));
    const slow = createWhatsAppWorker({
      db: app.services.db,
      provider: app.services.messaging.connection!.provider,
      perSecond: 1,
      stillWanted: async () => true,
      log: app.log,
      onMailQueued: () => {},
    });
    // At the start of a second, so that the pass stays within it.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    expect(await slow.runOnce()).toBe(1);
    const waiting = (await Promise.all(orders.map((orderId) => messagesOf(app, orderId)))).flat();
    expect(waiting.filter((m) => m.status === "pending")).toHaveLength(2);
    for (const message of waiting.filter((m) => m.status === "pending"))
      expect(message.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await slow.runOnce()).toBe(1);
  });

  it("sends again a message left 'sending' past its lease when no status named it", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    const [message] = await messagesOf(app, orderId);
    // As a process that died while the provider was asked leaves it.
    await app.services.db
      .update(whatsappMessages)
      .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(whatsappMessages.id, message!.id));
    expect(await app.services.messaging.worker!.runOnce()).toBe(0);
    await app.services.db
      .update(whatsappMessages)
      .set({ nextAttemptAt: new Date() })
      .where(eq(whatsappMessages.id, message!.id));
    expect(await app.services.messaging.worker!.runOnce()).toBe(1);
    expect((await messagesOf(app, orderId))[0]).toMatchObject({ status: "accepted", attempts: 2 });
  });
});
