import { and, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin } from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, orderOf, paymentOf, reconcileNow } from "../test-support/checkout";
import { outboxEmails } from "../mail/mail.tables";
import { startTestApp } from "../test-support/test-app";
import {
  freshMobile,
  messagesOf,
  placeWithWhatsApp,
  quietSandbox,
  sendWhatsAppNow,
  shopperWithMobile,
} from "../test-support/whatsapp";
import type { WhatsAppSandbox } from "./whatsapp-sandbox";

let app: FastifyInstance;
let api: TestApi;
let sandbox: WhatsAppSandbox;
let owner: { token: string };
let staff: { token: string };
let productId: number;

beforeAll(async () => {
  ({ app, api } = await startTestApp({}, { listen: true }));
  sandbox = await quietSandbox(app);
  owner = await createUserAndLogin(app, ROLE.superAdmin);
  staff = await createUserAndLogin(app, ROLE.admin);
  [productId = 0] = await seedCatalog(app, [
    { name: "Teal Bandhani Dupatta", price: 999, categoryId: 1, sizes: { M: 500 } },
  ]);
});

describe("staff's view of an order's messages", () => {
  it("lists each message beside the order: where it went, its template, its status and times, a fallback", async () => {
    const shopper = await shopperWithMobile(app, freshMobile("0026"));
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    await decide(app, (await paymentOf(app, orderId)).merchantOrderId, "approve");
    await reconcileNow(app);
    await api
      .as(staff.token)
      .updateOrderStatus({ orderId, status: "Shipped", courier: "ekart", trackingNumber: "EK123456" });
    await sendWhatsAppNow(app);
    const [placed, , shipped] = await messagesOf(app, orderId);
    await sandbox.pushStatuses(placed!.wamid!, ["sent", "delivered", "read"]);
    await sandbox.pushStatuses(shipped!.wamid!, ["failed"]);

    const details = await api.as(staff.token).orderDetails({ id: orderId });
    const shown = `+91 ${shopper.mobile.slice(0, 5)} ${shopper.mobile.slice(5)}`;
    expect(details.body.data.messages).toEqual([
      expect.objectContaining({
        channel: "whatsapp",
        event: "order-placed",
        template: "order_placed",
        to: shown,
        status: "read",
        readAt: expect.any(String),
        fellBackToMailAt: null,
      }),
      expect.objectContaining({
        event: "payment-received",
        template: "payment_received",
        status: "accepted",
      }),
      expect.objectContaining({
        event: "shipped",
        template: "order_shipped",
        status: "failed",
        error: expect.stringContaining("(#131026)"),
        fellBackToMailAt: expect.any(String),
        failedAt: expect.any(String),
      }),
    ]);
  });
});

describe("staff's view of an order's mails", () => {
  it("lists the order's mails beside its messages, each with its status, and no other order's", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId, { whatsappUpdates: false });
    const other = await placeWithWhatsApp(app, await shopperWithMobile(app), productId, {
      whatsappUpdates: false,
    });
    await decide(app, (await paymentOf(app, orderId)).merchantOrderId, "approve");
    await reconcileNow(app);
    const queued = (await api.as(staff.token).orderDetails({ id: orderId })).body.data.mails;
    expect(queued.map((mail) => [mail.to, mail.status, mail.sentAt])).toEqual([
      [shopper.email, "pending", null],
      [shopper.email, "pending", null],
    ]);
    await app.services.mailWorker.runOnce();

    const mails = (await api.as(staff.token).orderDetails({ id: orderId })).body.data.mails;
    expect(mails).toEqual([
      expect.objectContaining({ subject: expect.stringContaining(orderId), status: "sent", attempts: 1 }),
      expect.objectContaining({ subject: expect.stringMatching(/payment/i), status: "sent" }),
    ]);
    expect(mails.every((mail) => mail.sentAt !== null)).toBe(true);
    expect(JSON.stringify(mails)).not.toContain(other);
    expect((await api.as(staff.token).orderDetails({ id: other })).body.data.mails).toHaveLength(1);
  });
});

describe("every mail about an order, on its page", () => {
  /** The order's mails in the outbox (those naming it, to its shopper) and the ones staff are shown. */
  async function mailsAbout(publicId: string, email: string) {
    const order = await orderOf(app, publicId);
    const outbox = await app.services.db
      .select({ orderId: outboxEmails.orderId, subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), like(outboxEmails.text, `%${publicId}%`)));
    const shown = (await api.as(staff.token).orderDetails({ id: publicId })).body.data.mails;
    return { orderId: order.id, outbox, shown: shown.map((mail) => mail.subject) };
  }

  it("names its order: a paid order's cancellation and refund, news WhatsApp could not deliver, a cash order's question and a tap's answer by mail", async () => {
    // Shipped with WhatsApp to a number that cannot receive it: the news goes by mail instead.
    const unreachable = await shopperWithMobile(app, freshMobile("0026"));
    const shippedOrder = await placeWithWhatsApp(app, unreachable, productId);
    await decide(app, (await paymentOf(app, shippedOrder)).merchantOrderId, "approve");
    // Paid, then cancelled by the shop: its cancellation, and its refund.
    const refunded = await shopperWithMobile(app);
    const cancelledOrder = await placeWithWhatsApp(app, refunded, productId, { whatsappUpdates: false });
    await decide(app, (await paymentOf(app, cancelledOrder)).merchantOrderId, "approve");
    await reconcileNow(app);
    const shippedAnswer = await api.as(staff.token).updateOrderStatus({
      orderId: shippedOrder,
      status: "Shipped",
      courier: "ekart",
      trackingNumber: "EK7654321",
    });
    expect(shippedAnswer.status, JSON.stringify(shippedAnswer.body)).toBe(200);
    const cancelled = await api
      .as(staff.token)
      .updateOrderStatus({ orderId: cancelledOrder, status: "Cancelled", cancelReason: "out-of-stock" });
    expect(cancelled.status).toBe(200);
    await sendWhatsAppNow(app);
    const shipped = (await messagesOf(app, shippedOrder)).find((message) => message.event === "shipped")!;
    await sandbox.pushStatuses(shipped.wamid!, ["failed"]);
    // A cash order asked on WhatsApp, confirmed by a tap, whose answer WhatsApp refuses: it goes by mail.
    const cash = await shopperWithMobile(app);
    const cashOrder = await placeWithWhatsApp(app, cash, productId, { paymentMethod: "COD" });
    await sendWhatsAppNow(app);
    const [question] = await sandbox.received(cash.wa);
    expect((await sandbox.tap(question!.wamid, 0)).status).toBe(200);
    await sandbox.setFailure("token-expired", 1);
    await sendWhatsAppNow(app);
    const [answer] = (await messagesOf(app, cashOrder)).filter((message) => message.event === "cod-answer");
    expect(answer?.fellBackAt).not.toBeNull();

    const expected = { [shippedOrder]: 3, [cancelledOrder]: 4, [cashOrder]: 2 };
    for (const [publicId, email] of [
      [shippedOrder, unreachable.email],
      [cancelledOrder, refunded.email],
      [cashOrder, cash.email],
    ] as const) {
      const { orderId, outbox, shown } = await mailsAbout(publicId, email);
      expect(outbox.filter((mail) => mail.orderId !== orderId)).toEqual([]);
      expect(shown).toHaveLength(expected[publicId]!);
      expect([...shown].sort()).toEqual(outbox.map((mail) => mail.subject).sort());
    }
  });
});

describe("the dashboard's WhatsApp count", () => {
  it("counts this month's messages and estimates Meta's bill at the owner's price", async () => {
    const before = (await api.as(staff.token).dashboard()).body.data.whatsapp;
    expect(before.month).toMatch(/^\d{4}-\d{2}$/);
    for (let n = 0; n < 3; n += 1) await placeWithWhatsApp(app, await shopperWithMobile(app), productId);
    await sendWhatsAppNow(app);
    const after = (await api.as(staff.token).dashboard()).body.data.whatsapp;
    expect(after.messages - before.messages).toBe(3);
    expect(after.billable - before.billable).toBe(3);
    expect(after.costEstimate).toBeCloseTo(after.billable * 0.12, 2);

    expect((await api.as(owner.token).updateStoreSettings({ whatsappMessageCost: 0.5 })).status).toBe(200);
    app.services.settings.forget();
    const repriced = (await api.as(staff.token).dashboard()).body.data.whatsapp;
    expect(repriced.costEstimate).toBeCloseTo(repriced.billable * 0.5, 2);
  });
});
