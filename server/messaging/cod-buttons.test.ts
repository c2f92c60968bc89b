import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { COD_MESSAGES } from "../../contract/cash-on-delivery";
import { lastMailTo } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { historyOf, orderOf, stockOf } from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";
import {
  freshMobile,
  messagesOf,
  placeWithWhatsApp,
  quietSandbox,
  sendWhatsAppNow,
  shopperWithMobile,
} from "../test-support/whatsapp";
import { codConfirmationLinks } from "../orders/orders.tables";
import { whatsappInbound } from "./messaging.tables";
import type { WhatsAppSandbox } from "./whatsapp-sandbox";

let app: FastifyInstance;
let sandbox: WhatsAppSandbox;
let productId: number;

beforeAll(async () => {
  // Listening: WhatsApp's sandbox and the courier's (asked whether it collects cash at the pincode).
  ({ app } = await startTestApp({}, { listen: true }));
  sandbox = await quietSandbox(app);
  [productId = 0] = await seedCatalog(app, [
    { name: "Rani Pink Anarkali", price: 2499, categoryId: 1, sizes: { M: 500 } },
  ]);
});

/** A cash order ticked for WhatsApp, its question sent: the shopper, the order, the question on her phone. */
async function askedCodOrder(mobile = freshMobile()) {
  const shopper = await shopperWithMobile(app, mobile);
  const orderId = await placeWithWhatsApp(app, shopper, productId, { paymentMethod: "COD" });
  await sendWhatsAppNow(app);
  const [question] = await sandbox.received(shopper.wa);
  return { shopper, orderId, question: question! };
}

/** The texts a number received after the question, oldest first, once the outbox has sent them. */
async function answersTo(wa: string) {
  await sendWhatsAppNow(app);
  return (await sandbox.received(wa))
    .filter((message) => message.kind === "text")
    .reverse()
    .map((message) => message.text);
}

const outcomeOf = async (inboundId: string) =>
  (await app.services.db.select().from(whatsappInbound).where(eq(whatsappInbound.id, inboundId)))[0]?.outcome;

describe("a Cash on Delivery order's question on WhatsApp", () => {
  it("goes with its mail, with Confirm and Cancel buttons that carry the order", async () => {
    const { shopper, orderId, question } = await askedCodOrder();
    expect((await messagesOf(app, orderId)).map((m) => m.event)).toEqual(["cod-confirm"]);
    expect(question.template).toBe("cod_order_confirm");
    expect(question.text).toContain(`thank you for your order ${orderId} of ₹2,499, to be paid in cash`);
    expect(question.buttons.map((button) => button.text)).toEqual(["Confirm order", "Cancel order"]);
    expect(question.buttons[0]!.payload).toMatch(new RegExp(`^COD-CONFIRM:${orderId}:[\\w-]{20,}$`));
    expect((await lastMailTo(app, shopper.email))!.subject).toContain(`please confirm your order ${orderId}`);
  });

  it("is confirmed by a tap on Confirm, by the link's rules, and the shopper is answered; again changes nothing", async () => {
    const { shopper, orderId, question } = await askedCodOrder();
    const tap = await sandbox.tap(question.wamid, 0);
    expect(tap.status).toBe(200);
    expect(await outcomeOf(tap.id)).toBe("confirmed");
    expect((await orderOf(app, orderId)).status).toBe("Processing");
    expect((await historyOf(app, orderId)).at(-1)).toMatchObject({
      actor: "shopper",
      to: "Processing",
      note: "confirmed by a reply on WhatsApp",
    });
    const again = await sandbox.tap(question.wamid, 0);
    expect(await outcomeOf(again.id)).toBe("confirmed already");
    expect(await answersTo(shopper.wa)).toEqual([
      `Order ${orderId}: ${COD_MESSAGES.confirmed}`,
      `Order ${orderId}: ${COD_MESSAGES.alreadyConfirmed}`,
    ]);
    // Inside the 24 hours her tap opened: the texts were delivered, not failed.
    expect(
      (await messagesOf(app, orderId)).filter((m) => m.event === "cod-answer").map((m) => m.status),
    ).toEqual(["accepted", "accepted"]);
    // A cancel after the confirmation is refused by the shopper's rules, and she is told why.
    const cancel = await sandbox.tap(question.wamid, 1);
    expect(await outcomeOf(cancel.id)).toBe("refused: An order that is Processing cannot be cancelled.");
    expect((await answersTo(shopper.wa)).at(-1)).toBe(
      `Order ${orderId}: An order that is Processing cannot be cancelled.`,
    );
  });

  it("is cancelled by a tap on Cancel: the stock goes back on sale", async () => {
    const before = await stockOf(app, productId, "M");
    const { shopper, orderId, question } = await askedCodOrder();
    expect(await stockOf(app, productId, "M")).toBe(before! - 1);
    const tap = await sandbox.tap(question.wamid, 1);
    expect(await outcomeOf(tap.id)).toBe("cancelled");
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Cancelled", cancelledBy: "shopper" });
    expect(await stockOf(app, productId, "M")).toBe(before);
    expect(await answersTo(shopper.wa)).toEqual([
      `Your order ${orderId} is cancelled, as you asked. Nothing was charged.`,
    ]);
    const confirmAfter = await sandbox.tap(question.wamid, 0);
    expect(await outcomeOf(confirmAfter.id)).toBe(`refused: ${COD_MESSAGES.cannotConfirm("Cancelled")}`);
  });

  it("changes nothing when the tap comes from another number", async () => {
    const { orderId, question } = await askedCodOrder();
    const stranger = `91${freshMobile()}`;
    const tap = await sandbox.tap(question.wamid, 0, stranger);
    expect(await outcomeOf(tap.id)).toBe("refused: the tap came from another number");
    expect((await orderOf(app, orderId)).status).toBe("Pending");
    expect(await sandbox.received(stranger)).toEqual([]);
  });

  it("changes nothing once the order's hold has ended, and says so", async () => {
    const { shopper, orderId, question } = await askedCodOrder();
    const { id } = await orderOf(app, orderId);
    await app.services.db
      .update(codConfirmationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(codConfirmationLinks.orderId, id));
    const tap = await sandbox.tap(question.wamid, 0);
    expect(await outcomeOf(tap.id)).toMatch(/^refused: the question's token is not good/);
    expect((await orderOf(app, orderId)).status).toBe("Pending");
    expect(await answersTo(shopper.wa)).toEqual([COD_MESSAGES.linkInvalid]);
  });

  it("changes nothing for a forged payload", async () => {
    const { shopper, orderId } = await askedCodOrder();
    const tapped = await sandbox.type(shopper.wa, "hello");
    expect(await outcomeOf(tapped.id)).toBe("ignored");
    const forged = `COD-CONFIRM:${orderId}:${"x".repeat(32)}`;
    // Sent as Meta would deliver a tap whose payload the store never gave.
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
                messages: [
                  {
                    from: shopper.wa,
                    id: "wamid.forged-tap",
                    timestamp: "1771855045",
                    type: "button",
                    button: { payload: forged, text: "Confirm order" },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(await sandbox.deliver(body)).toBe(200);
    expect(await outcomeOf("wamid.forged-tap")).toMatch(/^refused: the question's token is not good/);
    expect((await orderOf(app, orderId)).status).toBe("Pending");
  });
});
