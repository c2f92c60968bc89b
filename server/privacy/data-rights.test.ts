import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION } from "../../contract/privacy";
import { users } from "../accounts/accounts.tables";
import { addresses } from "../addresses/addresses.tables";
import { gstDocuments } from "../gst/gst.tables";
import {
  createUserAndLogin,
  lastMailTo,
  login,
  PASSWORD,
  registration,
  uniqueEmail,
} from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  HOME,
  orderOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import {
  placeWithWhatsApp,
  quietSandbox,
  sendWhatsAppNow,
  shopperWithMobile,
} from "../test-support/whatsapp";
import { ERASED_NAME } from "./account-erasure";
import { accountErasures, consents } from "./privacy.tables";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: string;
let productId: number;

beforeAll(async () => {
  // Listening: orders are paid through the built-in PhonePe sandbox.
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
  productId = (
    await seedCatalog(app, [
      { name: "Indigo Block-print Kurta", price: 1899, categoryId: 1, sizes: { M: 50 } },
    ])
  )[0]!;
});
afterAll(() => close());

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

/** An order of the shopper taken as far as `until` (an unpaid one stays Pending). */
async function orderUntil(shopper: Shopper, until: "Pending" | "Processing" | "Delivered") {
  const order = await placedOrder(app, shopper, [{ id: productId!, size: "M", quantity: 1 }]);
  if (until === "Pending") return order.orderId;
  await decide(app, order.merchantOrderId, "approve");
  await reconcileNow(app);
  if (until === "Delivered")
    for (const status of ["Shipped", "Delivered"] as const)
      expect((await api.as(staff).updateOrderStatus({ orderId: order.orderId, status })).status).toBe(200);
  return order.orderId;
}

const deletionCode = async (email: string) =>
  /delete your account is: (\d{6})/.exec((await lastMailTo(app, email))!.text)![1]!;

describe("download my data", () => {
  it("holds her profile, addresses, orders with lines and consents, and nobody else's", async () => {
    const her = await shopperWithAddress(app);
    const other = await shopperWithAddress(app);
    const hers = await orderUntil(her, "Pending");
    const theirs = await orderUntil(other, "Pending");
    await api.as(her.token).setMarketingConsent({ given: true });

    const answer = await api.as(her.token).myData();
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="my-data.json"');
    expect(answer.headers["cache-control"]).toMatch(/private|no-store/);
    const data = JSON.parse(answer.body.toString("utf8"));
    expect(data.profile.email).toBe(her.email);
    expect(data.addresses).toEqual([expect.objectContaining({ name: HOME.name, pincode: HOME.pincode })]);
    expect(data.orders.map((order: { orderId: string }) => order.orderId)).toEqual([hers]);
    expect(data.orders[0].lines).toEqual([
      expect.objectContaining({ name: "Indigo Block-print Kurta", size: "M", quantity: 1, unitPrice: 1899 }),
    ]);
    expect(data.consents).toEqual([
      expect.objectContaining({
        purpose: "marketing",
        action: "given",
        noticeVersion: PRIVACY_NOTICE_VERSION,
      }),
    ]);
    expect(data).toHaveProperty("reviews", []);
    expect(data).toHaveProperty("grievanceTickets", []);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(theirs);
  });

  it("holds what went to her on WhatsApp, her verified number and the consent, never a code", async () => {
    const sandbox = await quietSandbox(app);
    const her = await shopperWithMobile(app);
    await app.services.db.update(users).set({ phone: her.mobile }).where(eq(users.id, her.id));
    const orderId = await placeWithWhatsApp(app, her, productId);
    expect((await api.as(her.token).requestPhoneVerification()).status).toBe(200);
    await sendWhatsAppNow(app);
    const [newest] = await sandbox.received(her.wa);
    const code = /^(\d{6}) is your verification code/.exec(newest?.text ?? "")![1]!;
    expect((await api.as(her.token).verifyPhone({ otp: code })).status).toBe(200);

    const data = JSON.parse((await api.as(her.token).myData()).body.toString("utf8"));
    expect(data.whatsapp.verifiedNumber).toMatchObject({ phone: expect.stringContaining(her.mobile) });
    expect(data.whatsapp.messages).toEqual([
      expect.objectContaining({ orderId, template: "order_placed", to: her.wa, status: "accepted" }),
      expect.objectContaining({ orderId: null, event: "phone-code", to: her.wa }),
    ]);
    expect(data.consents).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: "whatsapp", action: "given" })]),
    );
    expect(JSON.stringify(data)).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });

  it("is refused without a session", async () => {
    expect((await api.myData()).status).toBe(401);
  });
});

describe("deleting my account", () => {
  it("is refused, in plain words, while an order is unpaid or paid and not yet delivered", async () => {
    const her = await shopperWithAddress(app);
    const pending = await orderUntil(her, "Pending");
    const refused = await api.as(her.token).requestAccountDeletion();
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe(PRIVACY_MESSAGES.deletionOpenOrder(pending));

    const paid = await shopperWithAddress(app);
    const processing = await orderUntil(paid, "Processing");
    const alsoRefused = await api.as(paid.token).requestAccountDeletion();
    expect(alsoRefused.status).toBe(409);
    expect(alsoRefused.error.message).toContain(processing);
  });

  it("is refused while a refund is owed to her: PhonePe's still pending, or one it refused that staff must pay", async () => {
    for (const refunds of ["pending", "refuse"] as const) {
      const her = await shopperWithAddress(app);
      const order = await placedOrder(app, her, [{ id: productId!, size: "M", quantity: 1 }]);
      await decide(app, order.merchantOrderId, "approve", { refunds });
      await reconcileNow(app);
      const cancelled = await api
        .as(staff)
        .updateOrderStatus({ orderId: order.orderId, status: "Cancelled", cancelReason: "out-of-stock" });
      expect(cancelled.status).toBe(200);
      await reconcileNow(app);
      const row = await orderOf(app, order.orderId);
      expect(row.status).toBe("Cancelled");
      expect(row.paymentStatus === "Refund Pending" || row.refundAttentionSince !== null, refunds).toBe(true);
      const refused = await api.as(her.token).requestAccountDeletion();
      expect(refused.status, refunds).toBe(409);
      expect(refused.error.message).toBe(PRIVACY_MESSAGES.deletionOpenOrder(order.orderId));
    }
  });

  it("needs the mailed code, then ends her sessions, refuses her login, and erases her data but the invoice's name", async () => {
    const her = await shopperWithAddress(app);
    const delivered = await orderUntil(her, "Delivered");
    const otherDevice = await login(app, her.email);
    const [invoiceBefore] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(eq(gstDocuments.orderId, (await orderOf(app, delivered)).id));
    expect(invoiceBefore!.recipient.name).toBe(HOME.name);

    expect((await api.as(her.token).requestAccountDeletion()).status).toBe(200);
    const code = await deletionCode(her.email);
    const wrong = await api.as(her.token).deleteAccount({ otp: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.error.message).toMatch(/Incorrect code/);
    // The code proves nothing else: it does not verify or sign in by e-mail.
    expect((await api.verifyOtp({ otp: code, email: her.email })).status).toBe(400);

    const deleted = await api.as(her.token).deleteAccount({ otp: code });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(PRIVACY_MESSAGES.deleted);

    expect((await api.as(her.token).getMe()).status).toBe(401);
    expect((await api.as(otherDevice).getMe()).status).toBe(401);
    expect((await api.login({ email: her.email, password: PASSWORD })).status).toBe(401);
    // A second use of the code finds nothing.
    expect((await api.as(her.token).deleteAccount({ otp: code })).status).toBe(401);

    const details = (await api.as(staff).orderDetails({ id: delivered })).body.data;
    expect(details.order.orderStatus).toBe("Delivered");
    expect(details.order.shippingAddress).toMatchObject({
      fullName: ERASED_NAME,
      phone: "",
      email: "",
      address: "",
      postalCode: "",
      state: HOME.state,
    });
    expect(JSON.stringify(details)).not.toContain(her.email);
    expect(JSON.stringify(details)).not.toContain(HOME.name);

    const [invoice] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(eq(gstDocuments.id, invoiceBefore!.id));
    expect(invoice!.recipient).toMatchObject({ name: HOME.name, phone: "", email: "" });
    expect(invoice!.number).toBe(invoiceBefore!.number);

    const [account] = await app.services.db.select().from(users).where(eq(users.id, her.id));
    expect(account).toMatchObject({ fullName: ERASED_NAME, phone: "", billingAddress: null });
    expect(account!.email).not.toBe(her.email);
    expect(account!.erasedAt).toBeInstanceOf(Date);
    expect(await app.services.db.select().from(addresses).where(eq(addresses.userId, her.id))).toEqual([]);

    const log = await app.services.db
      .select()
      .from(accountErasures)
      .where(eq(accountErasures.userId, her.id));
    expect(log).toHaveLength(1);
    expect(log[0]!.erased).toMatchObject({
      profile: 1,
      addresses: 1,
      orderAddresses: 1,
      gstDocumentContacts: 1,
    });
    expect(JSON.stringify(log)).not.toContain(her.email);
    expect(JSON.stringify(log)).not.toContain(HOME.name);
  });

  it("leaves her reviews shown under the erased name", async () => {
    const her = await shopperWithAddress(app);
    await orderUntil(her, "Delivered");
    const written = await api.as(her.token).writeReview({
      productId: productId!,
      rating: 5,
      title: "Soft and true to size",
      text: "The indigo print is even and the cotton soft after washing.",
    });
    expect(written.status).toBe(200);
    await api.as(staff).moderateReview({ id: written.body.data.id, status: "approved" });
    const authors = async () =>
      (await api.productReviews({ productId: productId! })).body.data.reviews.map((review) => review.author);
    expect(await authors()).toContain("Role P.");

    expect((await api.as(her.token).requestAccountDeletion()).status).toBe(200);
    expect((await api.as(her.token).deleteAccount({ otp: await deletionCode(her.email) })).status).toBe(200);
    expect(await authors()).toContain("Erased S.");
    expect(await authors()).not.toContain("Role P.");
  });

  it("is not for staff accounts", async () => {
    expect((await api.as(staff).requestAccountDeletion()).status).toBe(403);
  });
});

describe("consent to marketing mails", () => {
  const registered = async (extra: { marketingConsent?: boolean }) => {
    const email = uniqueEmail();
    expect((await api.register({ ...registration(email), ...extra })).status).toBe(200);
    const [user] = await app.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return user!.id;
  };
  const logOf = (userId: number) =>
    app.services.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.id);

  it("is given only by the ticked box, and logged with the notice's version", async () => {
    expect(await logOf(await registered({}))).toEqual([]);
    expect(await logOf(await registered({ marketingConsent: false }))).toEqual([]);
    const given = await logOf(await registered({ marketingConsent: true }));
    expect(given).toEqual([
      expect.objectContaining({
        purpose: "marketing",
        action: "given",
        noticeVersion: PRIVACY_NOTICE_VERSION,
      }),
    ]);
  });

  it("is withdrawn in one call, logged, and given again the same way", async () => {
    const her = await createUserAndLogin(app, ROLE.customer);
    expect((await api.as(her.token).myConsents()).body.data).toEqual({
      marketing: false,
      whatsapp: false,
      log: [],
    });
    const given = await api.as(her.token).setMarketingConsent({ given: true });
    expect(given.body.data.marketing).toBe(true);
    const withdrawn = await api.as(her.token).setMarketingConsent({ given: false });
    expect(withdrawn.body.message).toBe(PRIVACY_MESSAGES.consentWithdrawn);
    expect(withdrawn.body.data.marketing).toBe(false);
    // Asking for what is already so adds nothing to the log.
    await api.as(her.token).setMarketingConsent({ given: false });
    expect((await logOf(her.id)).map((row) => row.action)).toEqual(["given", "withdrawn"]);
    expect((await api.as(her.token).myConsents()).body.data.log).toHaveLength(2);
  });
});
