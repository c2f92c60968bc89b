import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { WHATSAPP_MESSAGES } from "../../contract/whatsapp";
import { consents } from "../privacy/privacy.tables";
import { createUserAndLogin, freshIp, mailSubjects } from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, paymentOf, reconcileNow } from "../test-support/checkout";
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
import { whatsappInbound, whatsappMessages, whatsappOptOuts } from "./messaging.tables";
import { escapedJson, SIGNATURE_HEADER, signatureOf } from "./whatsapp-protocol";
import type { WhatsAppSandbox } from "./whatsapp-sandbox";

let app: FastifyInstance;
let api: TestApi;
let sandbox: WhatsAppSandbox;
let staff: { token: string };
let productId: number;

beforeAll(async () => {
  ({ app, api } = await startTestApp({}, { listen: true }));
  sandbox = await quietSandbox(app);
  staff = await createUserAndLogin(app, ROLE.admin);
  [productId = 0] = await seedCatalog(app, [
    { name: "Ivory Chikankari Kurta", price: 1899, categoryId: 1, sizes: { M: 500 } },
  ]);
});

/** An order ticked for WhatsApp, with its first message sent; answers it and the message. */
async function sentOrder(mobile = freshMobile()) {
  const shopper = await shopperWithMobile(app, mobile);
  const orderId = await placeWithWhatsApp(app, shopper, productId);
  await sendWhatsAppNow(app);
  const [message] = await messagesOf(app, orderId);
  return { shopper, orderId, message: message! };
}

const rowOf = async (id: number) =>
  (await app.services.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)))[0]!;

/** Posts a webhook body as Meta would, signed with `secret` (the sandbox's app secret unless a test forges). */
function postWebhook(
  body: unknown,
  { secret, signature }: { secret?: string; signature?: string | null } = {},
) {
  const raw = escapedJson(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null)
    headers[SIGNATURE_HEADER] = signature ?? signatureOf(secret ?? sandbox.appSecret, raw);
  return app.inject({
    method: "POST",
    url: "/api/whatsapp/webhook",
    headers,
    payload: raw,
    remoteAddress: freshIp(),
  });
}

const statusBody = (wamid: string, status: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { phone_number_id: sandbox.phoneNumberId },
            statuses: [{ id: wamid, status, timestamp: String(timestamp), recipient_id: "91" }],
          },
        },
      ],
    },
  ],
});

describe("the verification handshake", () => {
  it("answers the challenge as text to the store's verify token, and 403 to anything else", async () => {
    const ok = await api.whatsAppHandshake({
      "hub.mode": "subscribe",
      "hub.verify_token": sandbox.verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.response.body).toBe("1158201444");
    for (const query of [
      { "hub.mode": "subscribe", "hub.verify_token": "not-the-token", "hub.challenge": "1" },
      { "hub.mode": "unsubscribe", "hub.verify_token": sandbox.verifyToken, "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.challenge": "1" },
    ]) {
      const refused = await api.whatsAppHandshake(query);
      expect(refused.status).toBe(403);
      expect(refused.error.message).toBe(WHATSAPP_MESSAGES.handshakeRefused);
    }
  });
});

describe("a webhook's signature", () => {
  it("is refused with 401 when wrong or missing, and nothing changes", async () => {
    const { message } = await sentOrder();
    const body = statusBody(message.wamid!, "read");
    for (const options of [
      { secret: "not-the-app-secret" },
      { signature: null },
      { signature: "sha256=" },
      { signature: signatureOf(sandbox.appSecret, JSON.stringify({ other: "body" })) },
    ]) {
      const refused = await postWebhook(body, options);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(WHATSAPP_MESSAGES.signatureRefused);
    }
    expect((await rowOf(message.id)).status).toBe("accepted");
    expect((await postWebhook(body)).statusCode).toBe(200);
    expect((await rowOf(message.id)).status).toBe("read");
  });

  it("is of the exact bytes: Meta's escaped non-ASCII is accepted as sent", async () => {
    const body = {
      object: "whatsapp_business_account",
      entry: [{ id: "WABA", changes: [{ field: "other", value: { note: "नमस्ते ₹" } }] }],
    };
    const raw = escapedJson(body);
    expect(raw).toContain("\\u0928");
    expect((await postWebhook(body)).statusCode).toBe(200);
  });
});

describe("statuses", () => {
  it("are applied in any order and however often: a delivered after a read stays read", async () => {
    const { message } = await sentOrder();
    const answers = await sandbox.pushStatuses(message.wamid!, ["read", "delivered", "sent"], {
      duplicate: true,
    });
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    const row = await rowOf(message.id);
    expect(row.status).toBe("read");
    expect(row.sentAt).not.toBeNull();
    expect(row.deliveredAt!.getTime()).toBeGreaterThan(row.sentAt!.getTime());
    expect(row.readAt!.getTime()).toBeGreaterThan(row.deliveredAt!.getTime());
    // Each status once in its history, whatever came twice.
    expect(await historyOfMessage(app, message.id)).toEqual([
      "queued",
      "accepted",
      "read",
      "delivered",
      "sent",
    ]);
    await sandbox.pushStatuses(message.wamid!, ["failed"]);
    expect((await rowOf(message.id)).status).toBe("read");
  });

  it("come batched in one delivery too", async () => {
    const { message } = await sentOrder();
    expect(await sandbox.pushStatuses(message.wamid!, ["sent", "delivered"], { batch: true })).toEqual([200]);
    expect((await rowOf(message.id)).status).toBe("delivered");
  });

  it("record a failure with Meta's error and fall back to the message's mail, once", async () => {
    const shopper = await shopperWithMobile(app, freshMobile("0026"));
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    await decide(app, (await paymentOf(app, orderId)).merchantOrderId, "approve");
    await reconcileNow(app);
    await api
      .as(staff.token)
      .updateOrderStatus({ orderId, status: "Shipped", courier: "bluedart", trackingNumber: "7788990011" });
    await sendWhatsAppNow(app);
    const shipped = (await messagesOf(app, orderId)).find((m) => m.event === "shipped")!;
    expect(shipped.status).toBe("accepted");
    expect(await mailSubjects(app, shopper.email)).not.toContainEqual(expect.stringContaining("has shipped"));
    await sandbox.pushStatuses(shipped.wamid!, ["failed"], { duplicate: true });
    const failed = await rowOf(shipped.id);
    expect(failed).toMatchObject({ status: "failed", errorCode: 131026 });
    expect(failed.errorReason).toContain("Message undeliverable");
    expect((await mailSubjects(app, shopper.email)).filter((s) => s.includes("has shipped"))).toHaveLength(1);
  });

  it("settle a message the sender never heard back about: it counts as sent and is not sent again", async () => {
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    const [queued] = await messagesOf(app, orderId);
    // The provider took it, then the sender died before recording the WAMID: the row is left 'sending'.
    await app.services.db
      .update(whatsappMessages)
      .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(whatsappMessages.id, queued!.id));
    const { wamid } = await app.services.messaging.connection!.provider.send({
      to: queued!.to,
      kind: "template",
      template: queued!.template!,
      language: queued!.language!,
      components: queued!.components!,
      callbackData: `message:${queued!.id}`,
    });
    await sandbox.pushStatuses(wamid, ["sent"]);
    expect(await rowOf(queued!.id)).toMatchObject({ status: "sent", wamid });
    await app.services.db
      .update(whatsappMessages)
      .set({ nextAttemptAt: new Date() })
      .where(eq(whatsappMessages.id, queued!.id));
    expect(await app.services.messaging.worker!.runOnce()).toBe(0);
    expect(await sandbox.received(shopper.wa)).toHaveLength(1);
  });

  it("of messages that are not the store's are ignored", async () => {
    expect((await postWebhook(statusBody("wamid.someone-else", "delivered"))).statusCode).toBe(200);
  });
});

describe("STOP", () => {
  it("withdraws the number's consent, logged as the reply; nothing more is queued or sent to it", async () => {
    const { shopper, orderId, message } = await sentOrder();
    await decide(app, (await paymentOf(app, orderId)).merchantOrderId, "approve");
    await reconcileNow(app);
    const [paid] = (await messagesOf(app, orderId)).filter((m) => m.event === "payment-received");
    expect(paid!.status).toBe("pending");
    const { status } = await sandbox.type(shopper.wa, "  Stop ");
    expect(status).toBe(200);
    expect(
      await app.services.db.select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, shopper.wa)),
    ).toHaveLength(1);
    const log = await app.services.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, shopper.id), eq(consents.purpose, "whatsapp")))
      .orderBy(consents.id);
    expect(log.map((row) => row.action)).toEqual(["given", "withdrawn"]);
    expect(log[1]!.source).toContain("STOP replied from +91");
    await sendWhatsAppNow(app);
    expect((await rowOf(paid!.id)).status).toBe("skipped");
    await api
      .as(staff.token)
      .updateOrderStatus({ orderId, status: "Shipped", courier: "dtdc", trackingNumber: "D12345678" });
    expect((await messagesOf(app, orderId)).map((m) => m.event)).toEqual([
      "order-placed",
      "payment-received",
    ]);
    expect((await mailSubjects(app, shopper.email)).some((s) => s.includes("has shipped"))).toBe(true);
    expect(await sandbox.received(shopper.wa)).toHaveLength(1);
    expect((await rowOf(message.id)).status).toBe("accepted");

    const account = await api.as(shopper.token).whatsAppAccount();
    expect(account.body.data).toMatchObject({ available: true, updates: false, stopped: true });
  });

  it("told twice (one message id) is applied once", async () => {
    const shopper = await shopperWithMobile(app);
    await placeWithWhatsApp(app, shopper, productId);
    const body = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "WABA",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                contacts: [{ wa_id: shopper.wa, profile: { name: "Asha" } }],
                messages: [
                  {
                    from: shopper.wa,
                    id: "wamid.stop-once",
                    timestamp: "1771855045",
                    type: "text",
                    text: { body: "STOP" },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    expect((await postWebhook(body)).statusCode).toBe(200);
    expect((await postWebhook(body)).statusCode).toBe(200);
    const withdrawn = await app.services.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, shopper.id), eq(consents.action, "withdrawn")));
    expect(withdrawn).toHaveLength(1);
    const [kept] = await app.services.db
      .select()
      .from(whatsappInbound)
      .where(eq(whatsappInbound.id, "wamid.stop-once"));
    expect(kept!.outcome).toBe("stopped; consents withdrawn: 1");
  });
});

describe("the account page's consent", () => {
  it("is withdrawn for every order in one call, and given again the same way, which lifts a STOP", async () => {
    const { shopper, orderId } = await sentOrder();
    const withdrawn = await api.as(shopper.token).setWhatsAppConsent({ given: false });
    expect(withdrawn.body.message).toBe(WHATSAPP_MESSAGES.consentWithdrawn);
    expect(withdrawn.body.data).toMatchObject({ updates: false, phone: expect.any(String) });
    await decide(app, (await paymentOf(app, orderId)).merchantOrderId, "approve");
    await reconcileNow(app);
    expect((await messagesOf(app, orderId)).map((m) => m.event)).toEqual(["order-placed"]);

    await sandbox.type(shopper.wa, "STOP");
    const given = await api.as(shopper.token).setWhatsAppConsent({ given: true });
    expect(given.body.data).toMatchObject({ updates: true, stopped: false });
    await api
      .as(staff.token)
      .updateOrderStatus({ orderId, status: "Shipped", courier: "dtdc", trackingNumber: "D99999999" });
    expect((await messagesOf(app, orderId)).map((m) => m.event)).toEqual(["order-placed", "shipped"]);
    expect((await api.as(shopper.token).myConsents()).body.data.whatsapp).toBe(true);
  });

  it("needs a session", async () => {
    expect((await api.whatsAppAccount()).status).toBe(401);
    expect((await api.setWhatsAppConsent({ given: true })).status).toBe(401);
  });
});

describe("the sandbox's phones, through the API", () => {
  it("list what a number received and let it type a reply", async () => {
    const { shopper } = await sentOrder();
    const received = await api.whatsAppSandboxMessages({ phone: `+91 ${shopper.mobile}` });
    expect(received.body.data).toEqual([
      expect.objectContaining({ template: "order_placed", to: shopper.wa }),
    ]);
    // Asked without a phone (the sandbox's page, to know there is a sandbox): nothing, and no 404.
    const none = await api.whatsAppSandboxMessages({});
    expect([none.status, none.body.data]).toEqual([200, []]);
    const typed = await api.whatsAppSandboxReply({ phone: shopper.mobile, text: "hello" });
    expect(typed.body.data).toEqual({ delivered: true });
    const tapNothing = await api.whatsAppSandboxReply({
      phone: shopper.mobile,
      wamid: received.body.data[0]!.wamid,
      button: 0,
    });
    expect(tapNothing.status).toBe(404);
  });
});
