import { STORE } from "../../contract/store";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { STOCK_ALERT_MESSAGES } from "../../contract/stock-alerts";
import { outboxEmails } from "../mail/mail.tables";
import {
  bearer,
  createUserAndLogin,
  freshIp,
  lastMailTo,
  mailCount,
  post,
  uniqueEmail,
} from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { placedOrder, shopperWithAddress } from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { stockAlerts } from "./stock-alerts.tables";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;

beforeAll(async () => {
  // Listening: orders are paid through the built-in PhonePe sandbox.
  ({ app, close } = await createTestApp({}, { listen: true }));
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
});
afterAll(() => close());

const subscribe = (body: Record<string, unknown>, headers: Record<string, string> = {}, ip = freshIp()) =>
  post(app, "/api/products/stock-alerts", body, headers, ip);
const confirm = (token: string) => post(app, "/api/products/stock-alerts/confirm", { token });

/** A product whose size M is sold out and size S is in stock. */
const soldOutInM = async (name = "Mango Yellow Half Saree") =>
  (await seedCatalog(app, [{ name, price: 3299, categoryId: 3, sizes: { S: 3, M: 0 } }]))[0]!;

/** What a staff member saves on the edit page, with new stock for some sizes. */
async function restock(id: number, stock: Record<string, number>) {
  const current = await app.inject({
    method: "GET",
    url: `/api/products/get-product-for-staff?id=${id}`,
    headers: bearer(staff),
    remoteAddress: freshIp(),
  });
  const product = current.json().data;
  const response = await post(
    app,
    "/api/products/update-product",
    {
      id,
      name: product.name,
      description: product.description,
      price: product.price,
      originalPrice: product.originalPrice ?? undefined,
      category: product.categoryId,
      size: product.sizes.map((size: { label: string }) => size.label),
      images: product.images.map((image: { id: string }) => image.id),
      stock,
      features: product.features,
      care: product.care,
    },
    bearer(staff),
  );
  expect(response.statusCode, response.body).toBe(200);
}

const tokenIn = (text: string) => /stock-alerts\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const alertsOf = (productId: number) =>
  app.services.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));
const backInStockMails = async (to: string) =>
  (await app.services.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).filter((mail) =>
    mail.subject.startsWith("Back in stock"),
  );

describe("asking for a back-in-stock alert", () => {
  it("a guest's address is confirmed by the e-mailed link before it is used", async () => {
    const id = await soldOutInM();
    const email = uniqueEmail("guest");
    const response = await subscribe({ productId: id, size: "M", email });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: STOCK_ALERT_MESSAGES.confirmSent(email),
      data: { email, confirmed: false },
    });
    const mail = (await lastMailTo(app, email))!;
    expect(mail.subject).toBe("Confirm your back-in-stock alert for Mango Yellow Half Saree");
    expect(mail.text).toContain("size M");

    // Unconfirmed, a restock mails nobody.
    await restock(id, { M: 2 });
    expect(await backInStockMails(email)).toEqual([]);
    await restock(id, { M: 0 });

    const token = tokenIn(mail.text);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: STOCK_ALERT_MESSAGES.confirmed,
      data: { productId: id, size: "M" },
    });
    // The same link opened again says the same; the address gets one alert.
    expect((await confirm(token)).statusCode).toBe(200);
    await restock(id, { M: 4 });
    const sent = await backInStockMails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Back in stock: Mango Yellow Half Saree in size M");
    expect(sent[0]!.text).toContain(`/products/${id}`);
    // Signed once, by the mail's footer.
    expect(sent[0]!.text.split(STORE.name)).toHaveLength(2);
    // The alert has ended: its link no longer works.
    expect((await confirm(token)).json()).toMatchObject({
      code: 400,
      message: STOCK_ALERT_MESSAGES.linkInvalid,
    });
  });

  it("a signed-in shopper's own address is used at once, by default", async () => {
    const id = await soldOutInM();
    const shopper = await createUserAndLogin(app, ROLE.customer);
    const response = await subscribe({ productId: id, size: "M" }, bearer(shopper.token));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: STOCK_ALERT_MESSAGES.subscribed(shopper.email),
      data: { email: shopper.email, confirmed: true },
    });
    expect(await mailCount(app, shopper.email)).toBe(0); // no link to confirm
    await restock(id, { M: 1 });
    expect(await backInStockMails(shopper.email)).toHaveLength(1);
  });

  it("a signed-in shopper naming another address confirms it like a guest", async () => {
    const id = await soldOutInM();
    const shopper = await createUserAndLogin(app, ROLE.customer);
    const other = uniqueEmail("sister");
    const response = await subscribe({ productId: id, size: "M", email: other }, bearer(shopper.token));
    expect(response.json()).toMatchObject({ data: { email: other, confirmed: false } });
    expect((await lastMailTo(app, other))!.subject).toContain("Confirm");
  });

  it("asking twice keeps one alert: a confirmed one stays confirmed, an unconfirmed one gets a new link", async () => {
    const id = await soldOutInM();
    const email = uniqueEmail("twice");
    await subscribe({ productId: id, size: "M", email });
    const firstToken = tokenIn((await lastMailTo(app, email))!.text);
    await subscribe({ productId: id, size: "M", email: email.toUpperCase() });
    const secondToken = tokenIn((await lastMailTo(app, email))!.text);
    expect(secondToken).not.toBe(firstToken);
    expect(await alertsOf(id)).toHaveLength(1);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    const again = await subscribe({ productId: id, size: "M", email });
    expect(again.json()).toMatchObject({ data: { confirmed: true } });
    expect(await alertsOf(id)).toHaveLength(1);
    await restock(id, { M: 3 });
    expect(await backInStockMails(email)).toHaveLength(1);
  });

  it("refuses what cannot be asked for, in the contract's words, and keeps nothing", async () => {
    const id = await soldOutInM();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ productId: id, size: "S", email: uniqueEmail() }, 409, STOCK_ALERT_MESSAGES.inStock],
      [{ productId: id, size: "XL", email: uniqueEmail() }, 400, STOCK_ALERT_MESSAGES.sizeNotOffered],
      [{ productId: id, size: "Huge", email: uniqueEmail() }, 400, STOCK_ALERT_MESSAGES.sizeNotOffered],
      [
        { productId: 2_000_000_000, size: "M", email: uniqueEmail() },
        404,
        STOCK_ALERT_MESSAGES.productNotFound,
      ],
      [{ productId: "x", size: "M", email: uniqueEmail() }, 400, STOCK_ALERT_MESSAGES.productNotFound],
      [{ productId: id, size: "M", email: "not-an-address" }, 400, STOCK_ALERT_MESSAGES.emailInvalid],
      [{ productId: id, size: "M" }, 400, STOCK_ALERT_MESSAGES.emailRequired],
    ];
    for (const [body, status, message] of cases) {
      const response = await subscribe(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await alertsOf(id)).toEqual([]);
    expect((await confirm("no-such-token")).json()).toMatchObject({
      code: 400,
      message: STOCK_ALERT_MESSAGES.linkInvalid,
    });
  });

  it("a link older than its days no longer confirms", async () => {
    const id = await soldOutInM();
    const email = uniqueEmail("late");
    await subscribe({ productId: id, size: "M", email });
    await app.services.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(stockAlerts.email, email));
    expect((await confirm(tokenIn((await lastMailTo(app, email))!.text))).statusCode).toBe(400);
  });

  it("is rate limited per address asked for, each ask mailing a link", async () => {
    const id = await soldOutInM();
    const email = uniqueEmail("flood");
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await subscribe({ productId: id, size: "M", email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailCount(app, email)).toBe(5);
  });

  it("is rate limited per inbox, however its address is spelt (plus-addresses)", async () => {
    const id = await soldOutInM();
    const [name, domain] = uniqueEmail("victim").split("@") as [string, string];
    const addresses = Array.from({ length: 6 }, (_, n) => `${name}+${n + 1}@${domain}`);
    const statuses = [];
    for (const email of addresses)
      statuses.push((await subscribe({ productId: id, size: "M", email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    let mails = 0;
    for (const email of addresses) mails += await mailCount(app, email);
    expect(mails).toBe(5);
  });
});

describe("a restock", () => {
  it("by a cancelled order's released stock mails the waiting shopper once", async () => {
    const [id] = await seedCatalog(app, [
      { name: "Peacock Blue Lehenga", price: 5999, categoryId: 2, sizes: { M: 1 } },
    ]);
    const buyer = await shopperWithAddress(app);
    const placed = await placedOrder(app, buyer, [{ id: id!, size: "M", quantity: 1 }]);
    const waiting = await createUserAndLogin(app, ROLE.customer);
    expect((await subscribe({ productId: id, size: "M" }, bearer(waiting.token))).statusCode).toBe(200);

    const cancelled = await post(
      app,
      "/api/orders/update-order-status",
      { orderId: placed.orderId, status: "Cancelled", cancelReason: "out-of-stock" },
      bearer(staff),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await backInStockMails(waiting.email)).toHaveLength(1);
  });

  it("of a hidden product mails nobody until the product is shown again", async () => {
    const id = await soldOutInM("Hidden Gem Anarkali");
    const shopper = await createUserAndLogin(app, ROLE.customer);
    await subscribe({ productId: id, size: "M" }, bearer(shopper.token));
    const visibility = (visible: boolean) =>
      post(app, "/api/products/set-visibility", { id, visible }, bearer(staff));
    expect((await visibility(false)).statusCode).toBe(200);
    await restock(id, { M: 5 });
    expect(await backInStockMails(shopper.email)).toEqual([]);
    expect((await visibility(true)).statusCode).toBe(200);
    expect(await backInStockMails(shopper.email)).toHaveLength(1);
  });

  it("run twice at once sends each alert's e-mail once", async () => {
    const id = await soldOutInM();
    const shoppers = await Promise.all([1, 2, 3].map(() => createUserAndLogin(app, ROLE.customer)));
    for (const shopper of shoppers) await subscribe({ productId: id, size: "M" }, bearer(shopper.token));
    await app.services.db.execute(sql`update product_sizes set stock = 2 where product_id = ${id}`);
    const { db, stockAlerts: alerts } = app.services;
    const sent = await Promise.all(
      [1, 2].map(() => db.transaction((tx) => alerts.notifyRestocked(tx, [id]))),
    );
    expect(sent.sort()).toEqual([0, 3]);
    for (const shopper of shoppers) expect(await backInStockMails(shopper.email)).toHaveLength(1);
  });
});
