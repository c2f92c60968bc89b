/**
 * Two store processes on one PostgreSQL database, as a deployment behind a load balancer runs them: 200
 * shoppers ask both at once for the last 10 pieces of a size, then each of the 10 orders is approved,
 * declined or left pending on the PhonePe sandbox, with its webhook sent, dropped or sent twice, and settled
 * by the shopper's status check or, once its payment window ends, by the reconcilers of both processes.
 * Then the same two follow one parcel with the courier (issue 37), every scan pushed to both at once so
 * that both poll side by side: each scan is still applied once.
 *
 * Run by `npm run test:processes` (vitest.processes.config.ts) with DATABASE_URL set, as CI's PostgreSQL
 * pass does: PGlite cannot be shared by two processes, so `npm run test:api` leaves this file out.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { users } from "../accounts/accounts.tables";
import { productSizes } from "../catalog/catalog.tables";
import { outboxEmails } from "../mail/mail.tables";
import { whatsappMessages, whatsappSandboxMessages } from "../messaging/messaging.tables";
import { payments, refunds } from "../payments/payments.tables";
import {
  clientAddress,
  createProcessTestDatabase,
  createShoppers,
  insertShoppers,
  request,
  seedProduct,
  startStoreProcess,
  waitUntil,
  type StoreProcess,
  type TestDatabase,
} from "../test-support/store-processes";
import { PASSWORD } from "../test-support/accounts";
import { SCAN_PUSH_PATH } from "../shipping/courier.routes";
import type { SandboxEvent } from "../shipping/delhivery-sandbox-parcels";
import { courierScans, courierShipments, delhiverySandbox } from "../shipping/shipping.tables";
import { orderEvents, orders } from "./orders.tables";

let database: TestDatabase;
let stores: StoreProcess[] = [];

beforeAll(async () => {
  database = await createProcessTestDatabase();
  stores = await Promise.all([startStoreProcess(database.url), startStoreProcess(database.url)]);
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  await database?.close();
});

/** A small seeded pseudo-random generator (mulberry32): the same seed draws the same choices every run. */
function seededRandom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DECISIONS = ["approve", "decline", "pending"] as const;
const WEBHOOKS = ["send", "drop", "duplicate"] as const;
const SHOPPERS = 200;
const STOCK = 10;

describe("two store processes on one database", () => {
  it("sell exactly the stock there is, and settle every order once whatever PhonePe and its webhooks do", async () => {
    const { db } = database;
    const productId = await seedProduct(db, {
      name: "Rani Pink Anarkali",
      pricePaise: 249_900,
      sizes: { M: STOCK, L: 4 },
    });
    const storeOf = (index: number) => stores[index % 2]!;
    const shoppers = await createShoppers(db, SHOPPERS, (index) => storeOf(index).url);
    const stock = async () =>
      (
        await db
          .select({ stock: productSizes.stock })
          .from(productSizes)
          .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")))
      )[0]!.stock;

    // All 200 at once, half on each process.
    const answers = await Promise.all(
      shoppers.map((shopper, index) =>
        request(`${storeOf(index).url}/api/orders/place-order`, {
          method: "POST",
          // 20 shoppers to a client address, as the login's limits need, under Place Order's limits.
          from: clientAddress(index),
          headers: { authorization: `Bearer ${shopper.token}`, "idempotency-key": `two-stores-${index}` },
          json: {
            paymentMethod: "phonePe",
            items: [{ id: productId, size: "M", quantity: 1, price: 2499 }],
            addressId: shopper.addressId,
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(STOCK);
    expect(
      statuses.filter((status) => status === 409),
      JSON.stringify(
        answers
          .filter((a) => a.status !== 409 && a.status !== 200)
          .slice(0, 3)
          .map((a) => [a.status, a.body]),
      ),
    ).toHaveLength(SHOPPERS - STOCK);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.json().message).toBe("Rani Pink Anarkali in size M is sold out.");
    expect(await stock()).toBe(0);
    expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(STOCK);

    // Each order's fate, drawn in the order of the shoppers who got one.
    const random = seededRandom(16);
    const pick = <T>(choices: readonly T[]) => choices[Math.floor(random() * choices.length)]!;
    const plan = answers.flatMap((answer, index) => {
      if (answer.status !== 200) return [];
      const { orderId, phonePe } = answer.json().data as {
        orderId: string;
        phonePe: { checkoutUrl: string };
      };
      return [
        {
          orderId,
          checkoutUrl: phonePe.checkoutUrl,
          shopper: shoppers[index]!,
          decision: pick(DECISIONS),
          webhook: pick(WEBHOOKS),
          decideOn: pick(stores),
          checkOn: pick(stores),
        },
      ];
    });
    // The seed draws every decision and every webhook delivery at least once.
    expect(new Set(plan.map((order) => order.decision)).size).toBe(DECISIONS.length);
    expect(new Set(plan.map((order) => order.webhook)).size).toBe(WEBHOOKS.length);

    // The shoppers open PhonePe's page (on the store that placed the order) and press a button, on either
    // store's sandbox (they share its records), all at once.
    await Promise.all(
      plan.map(async (order) => {
        const token = new URL(order.checkoutUrl).searchParams.get("token")!;
        const page = await request(order.checkoutUrl);
        expect(page.status).toBe(200);
        expect(page.body).toContain(`value="${token}"`);
        const pressed = await request(`${order.decideOn.url}/phonepe-sandbox/pay`, {
          method: "POST",
          form: { token, decision: order.decision, webhook: order.webhook },
        });
        expect(pressed.status, pressed.body.slice(0, 1500)).toBe(303);
        expect(new URL(pressed.headers.location!).searchParams.get("orderId")).toBe(order.orderId);
      }),
    );

    // The callback page's status check asks PhonePe, on whichever store it reaches.
    const expected = {
      approve: { orderStatus: "Processing", paymentStatus: "Success" },
      decline: { orderStatus: "Cancelled", paymentStatus: "Failed" },
      pending: { orderStatus: "Pending", paymentStatus: "Initiated" },
    } as const;
    await Promise.all(
      plan.map(async (order) => {
        const answer = await request(`${order.checkOn.url}/api/orders/get-order-status`, {
          method: "POST",
          headers: { authorization: `Bearer ${order.shopper.token}` },
          json: { orderId: order.orderId },
        });
        expect(answer.status, answer.body).toBe(200);
        expect(answer.json().data, order.decision).toMatchObject(expected[order.decision]);
      }),
    );

    // The pending ones' payment window ends: the reconcilers of both processes release them.
    const pending = plan.filter((order) => order.decision === "pending").map((order) => order.orderId);
    await db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(inArray(orders.publicId, pending));
    await db
      .update(payments)
      .set({ nextCheckAt: sql`now()` })
      .where(inArray(payments.state, ["CREATED", "PENDING"]));
    await waitUntil("the reconcilers release every expired order", async () => {
      const left = await db.select({ id: orders.id }).from(orders).where(eq(orders.status, "Pending"));
      return left.length === 0;
    });

    // Every order in one final state, each change made once.
    const rows = await db.select().from(orders);
    const events = await db.select().from(orderEvents);
    const attempts = await db.select().from(payments);
    const mails = await db.select().from(outboxEmails);
    const paid = plan.filter((order) => order.decision === "approve");
    expect(rows).toHaveLength(STOCK);
    for (const order of plan) {
      const row = rows.find((r) => r.publicId === order.orderId)!;
      const history = events.filter((event) => event.orderId === row.id);
      const stockEvents = (to: string) =>
        history.filter((event) => event.subject === "stock" && event.to === to).length;
      const orderAttempts = attempts.filter((attempt) => attempt.orderId === row.id);
      const mailed = (subject: string) =>
        mails.filter((mail) => mail.to === order.shopper.email && mail.subject.includes(subject)).length;
      const what = `${order.orderId}: ${order.decision}, webhook ${order.webhook}`;
      expect(orderAttempts, what).toHaveLength(1);
      expect(mailed(`order ${order.orderId} placed`), what).toBe(1);
      expect(stockEvents("reserved"), what).toBe(1);
      if (order.decision === "approve") {
        expect(row, what).toMatchObject({
          status: "Processing",
          paymentStatus: "Success",
          stockReleasedAt: null,
        });
        expect(row.paidAt, what).not.toBeNull();
        expect(stockEvents("released"), what).toBe(0);
        expect(orderAttempts[0]!.state, what).toBe("COMPLETED");
        expect(mailed("payment received"), what).toBe(1);
        expect(mailed("did not go through"), what).toBe(0);
      } else {
        expect(row, what).toMatchObject({ status: "Cancelled", paymentStatus: "Failed", paidAt: null });
        expect(row.stockReleasedAt, what).not.toBeNull();
        expect(stockEvents("released"), what).toBe(1);
        // Declined: PhonePe failed it. Expired: PhonePe still holds it open, and the reconciler keeps asking.
        expect(orderAttempts[0]!.state, what).toBe(order.decision === "decline" ? "FAILED" : "PENDING");
        expect(mailed("payment received"), what).toBe(0);
        // A declined payment is told; an order left to expire had its one reminder while it was held.
        expect(mailed("did not go through"), what).toBe(order.decision === "decline" ? 1 : 0);
      }
      const orderChanges = history.filter((event) => event.subject === "order").map((event) => event.to);
      expect(orderChanges, what).toEqual([
        "Pending",
        order.decision === "approve" ? "Processing" : "Cancelled",
      ]);
      if (order.decision === "pending")
        expect(history.find((event) => event.to === "Cancelled")!.actor, what).toBe("reconciler");
    }
    expect(await stock()).toBe(STOCK - paid.length);
    expect(await db.select().from(refunds)).toEqual([]);
    // The other size was never touched.
    const [other] = await db
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "L")));
    expect(other!.stock).toBe(4);
  });
});

describe("paying again on two store processes", () => {
  it("two attempts of one order both paid, each confirmed on another process: the order is paid once, the other refunded", async () => {
    const { db } = database;
    const productId = await seedProduct(db, {
      name: "Saffron Anarkali",
      pricePaise: 189_900,
      sizes: { S: 1 },
    });
    const [a, b] = stores as [StoreProcess, StoreProcess];
    const [shopper] = await createShoppers(db, 1, () => a.url);
    const auth = { authorization: `Bearer ${shopper!.token}` };
    const placed = await request(`${a.url}/api/orders/place-order`, {
      method: "POST",
      headers: auth,
      json: {
        paymentMethod: "phonePe",
        items: [{ id: productId, size: "S", quantity: 1 }],
        addressId: shopper!.addressId,
      },
    });
    expect(placed.status, placed.body).toBe(200);
    const { orderId, phonePe } = placed.json().data as { orderId: string; phonePe: { checkoutUrl: string } };
    // The first page is left open; Pay now on the other process opens a second attempt.
    const again = await request(`${b.url}/api/orders/pay-again`, {
      method: "POST",
      headers: auth,
      json: { orderId },
    });
    expect(again.status, again.body).toBe(200);
    const second = (again.json().data as { phonePe: { checkoutUrl: string } }).phonePe.checkoutUrl;
    expect(second).not.toBe(phonePe.checkoutUrl);

    // The shopper pays on both pages at once (a UPI app that answered late), on both processes' sandboxes.
    await Promise.all(
      [
        [phonePe.checkoutUrl, a],
        [second, b],
      ].map(([url, store]) =>
        request(`${(store as StoreProcess).url}/phonepe-sandbox/pay`, {
          method: "POST",
          form: {
            token: new URL(url as string).searchParams.get("token")!,
            decision: "approve",
            webhook: "send",
          },
        }),
      ),
    );
    // Both processes check, at once.
    await Promise.all(
      [a, b].map((store) =>
        request(`${store.url}/api/orders/get-order-status`, {
          method: "POST",
          headers: auth,
          json: { orderId },
        }),
      ),
    );
    const [order] = await db.select().from(orders).where(eq(orders.publicId, orderId));
    // PhonePe's webhooks make each process's reconciler ask at once; the refund is then on its way (PhonePe
    // completes it on its own schedule).
    await waitUntil("both attempts are settled and the second payment's refund is asked for", async () => {
      const attempts = await db.select().from(payments).where(eq(payments.orderId, order!.id));
      const refunded = await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            attempts.map((attempt) => attempt.id),
          ),
        );
      return attempts.every((attempt) => attempt.state === "COMPLETED") && refunded.length > 0;
    });
    const [settled] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(settled).toMatchObject({ status: "Processing", paymentStatus: "Success" });
    const attempts = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(attempts).toHaveLength(2);
    const refunded = (await db.select().from(refunds)).filter((r) =>
      attempts.some((a) => a.id === r.paymentId),
    );
    expect(refunded).toHaveLength(1);
    // The whole second payment: the piece and its delivery charge (₹99 below ₹1,999, decision 038).
    expect(refunded[0]).toMatchObject({
      amountPaise: 189_900 + 9_900,
      reason: "the order was already paid by another attempt",
    });
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(history.filter((event) => event.subject === "order" && event.to === "Processing")).toHaveLength(1);
    const mails = await db.select().from(outboxEmails).where(eq(outboxEmails.to, shopper!.email));
    expect(mails.filter((mail) => mail.subject.includes("payment received"))).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject.includes(`order ${orderId} placed`))).toHaveLength(1);
  });
});

describe("two store processes tracking one parcel", () => {
  it("never apply a scan twice", async () => {
    const { db } = database;
    const [a, b] = stores as [StoreProcess, StoreProcess];
    const productId = await seedProduct(db, { name: "Lotus Anarkali", pricePaise: 159_900, sizes: { M: 3 } });
    const [shopper] = await createShoppers(db, 1, () => a.url);
    const auth = { authorization: `Bearer ${shopper!.token}` };
    const placed = await request(`${a.url}/api/orders/place-order`, {
      method: "POST",
      headers: auth,
      json: {
        paymentMethod: "COD",
        items: [{ id: productId, size: "M", quantity: 1 }],
        addressId: shopper!.addressId,
      },
    });
    expect(placed.status, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    expect(
      (await request(`${b.url}/api/orders/confirm-cod`, { method: "POST", headers: auth, json: { orderId } }))
        .status,
    ).toBe(200);

    const [staffUser] = await insertShoppers(db, 1);
    await db.update(users).set({ roleId: ROLE.admin }).where(eq(users.id, staffUser!.id));
    const login = await request(`${a.url}/api/users/login`, {
      method: "POST",
      json: { email: staffUser!.email, password: PASSWORD },
    });
    const staff = { authorization: `Bearer ${login.json().token as string}` };
    const shipped = await request(`${a.url}/api/orders/ship-with-courier`, {
      method: "POST",
      headers: staff,
      json: { orderId },
    });
    expect(shipped.status, shipped.body).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.publicId, orderId));
    const [parcel] = await db.select().from(courierShipments).where(eq(courierShipments.orderId, order!.id));
    const waybill = parcel!.waybill!;

    // The sandbox's token and the push secret made from it, as every process of the install reads them.
    const [sandbox] = await db.select().from(delhiverySandbox);
    const pushToken = createHash("sha256").update(`push:${sandbox!.token}`).digest("base64url");
    const push = (store: StoreProcess) =>
      request(`${store.url}${SCAN_PUSH_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${pushToken}` },
        json: {
          Shipment: {
            AWB: waybill,
            ReferenceNo: orderId,
            Status: { Status: "In Transit", StatusType: "UD", StatusDateTime: "2026-11-28T10:00:00" },
          },
        },
      });
    const move = async (event: SandboxEvent) => {
      const moved = await request(`${a.url}/delhivery-sandbox/sandbox/scan`, {
        method: "POST",
        headers: { authorization: `Token ${sandbox!.token}` },
        json: { waybill, event, push: "drop" },
      });
      expect(moved.status, moved.body).toBe(200);
      // Both processes hear of it again and again, at once: both poll.
      await Promise.all(Array.from({ length: 6 }, (_, index) => push(index % 2 ? a : b)));
    };

    const scans = async () =>
      (await db.select().from(courierScans).where(eq(courierScans.shipmentId, parcel!.id))).length;
    for (const [event, expected] of [
      ["picked-up", 2],
      ["out-for-delivery", 3],
      ["delivered", 4],
    ] as const) {
      await move(event);
      await waitUntil(`the ${event} scan is applied`, async () => (await scans()) === expected, {
        stores: [a, b],
      });
    }
    await waitUntil("the order is delivered", async () => {
      const [now] = await db.select().from(orders).where(eq(orders.id, order!.id));
      return now!.status === "Delivered";
    });
    // More pushes after the end change nothing.
    await Promise.all([push(a), push(b), push(a), push(b)]);
    const history = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order!.id))
      .orderBy(orderEvents.id);
    expect(history.filter((event) => event.subject === "parcel").map((event) => event.to)).toEqual([
      "Manifested",
      "In Transit",
      "Dispatched",
      "Delivered",
    ]);
    expect(history.filter((event) => event.subject === "order" && event.to === "Delivered")).toHaveLength(1);
    expect(history.filter((event) => event.subject === "payment" && event.to === "Success")).toHaveLength(1);
    const mails = await db.select().from(outboxEmails).where(eq(outboxEmails.to, shopper!.email));
    expect(mails.filter((mail) => mail.subject.includes("out for delivery"))).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject.includes("delivered"))).toHaveLength(1);
    expect(await scans()).toBe(4);
  });
});

describe("two store processes sending WhatsApp", () => {
  it("send each order's update once, whichever process's outbox claims it", async () => {
    const { db } = database;
    const [a, b] = stores as [StoreProcess, StoreProcess];
    const productId = await seedProduct(db, {
      name: "Mint Chanderi Kurta",
      pricePaise: 129_900,
      sizes: { M: 20 },
    });
    // Eight cash orders ticked for WhatsApp, placed on both processes at once: each asks its one-tap
    // confirmation, which both processes' outboxes (every 2 s, and nudged) race to send.
    const shoppers = await createShoppers(db, 8, (index) => (index % 2 ? a.url : b.url));
    const placedIds = await Promise.all(
      shoppers.map(async (shopper, index) => {
        const placed = await request(`${(index % 2 ? a : b).url}/api/orders/place-order`, {
          method: "POST",
          headers: { authorization: `Bearer ${shopper.token}` },
          json: {
            paymentMethod: "COD",
            items: [{ id: productId, size: "M", quantity: 1 }],
            addressId: shopper.addressId,
            whatsappUpdates: true,
          },
        });
        expect(placed.status, placed.body).toBe(200);
        return placed.json().data.orderId as string;
      }),
    );
    const ids = (
      await db.select({ id: orders.id }).from(orders).where(inArray(orders.publicId, placedIds))
    ).map((row) => row.id);
    const messagesNow = () =>
      db.select().from(whatsappMessages).where(inArray(whatsappMessages.orderId, ids));
    await waitUntil(
      "every order's confirmation is taken by WhatsApp",
      async () => {
        const rows = await messagesNow();
        return rows.length === ids.length && rows.every((row) => row.acceptedAt !== null);
      },
      { stores: [a, b] },
    );
    const rows = await messagesNow();
    expect(rows.map((row) => [row.template, row.attempts])).toEqual(ids.map(() => ["cod_order_confirm", 1]));
    const received = await db
      .select({ callbackData: whatsappSandboxMessages.callbackData })
      .from(whatsappSandboxMessages)
      .where(
        inArray(
          whatsappSandboxMessages.callbackData,
          rows.map((row) => `message:${row.id}`),
        ),
      );
    // The phone got each once.
    expect(received).toHaveLength(ids.length);
  });
});
