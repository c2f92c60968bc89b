/**
 * A store process killed (SIGKILL) after PhonePe took the shopper's money and before anything told the store:
 * the webhook was lost and no status check ran. Another process on the same database must find the payment
 * with its reconciler and pay the order, once.
 *
 * Run by `npm run test:processes` (vitest.processes.config.ts) with DATABASE_URL set, as CI's PostgreSQL
 * pass does: PGlite cannot be shared by two processes, so `npm run test:api` leaves this file out.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSizes } from "../catalog/catalog.tables";
import { outboxEmails } from "../mail/mail.tables";
import { orderEvents, orders } from "../orders/orders.tables";
import {
  createProcessTestDatabase,
  createShoppers,
  request,
  seedProduct,
  startStoreProcess,
  waitUntil,
  type StoreProcess,
  type TestDatabase,
} from "../test-support/store-processes";
import { payments, phonePeSandboxOrders, refunds } from "./payments.tables";

let database: TestDatabase;
const stores: StoreProcess[] = [];

beforeAll(async () => {
  database = await createProcessTestDatabase();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  await database?.close();
});

describe("a store process that dies while a payment is under way", () => {
  it("leaves a payment PhonePe completed for the next process's reconciler, which pays the order once", async () => {
    const { db } = database;
    const productId = await seedProduct(db, {
      name: "Mint Half Saree",
      pricePaise: 315_000,
      sizes: { M: 3 },
    });
    const stockOfM = async () =>
      (
        await db
          .select({ stock: productSizes.stock })
          .from(productSizes)
          .where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")))
      )[0]!.stock;

    const a = await startStoreProcess(database.url);
    stores.push(a);
    const [shopper] = await createShoppers(db, 1, () => a.url);
    const placed = await request(`${a.url}/api/orders/place-order`, {
      method: "POST",
      headers: { authorization: `Bearer ${shopper!.token}`, "idempotency-key": "crash-recovery-1" },
      json: {
        paymentMethod: "phonePe",
        items: [{ id: productId, size: "M", quantity: 1 }],
        addressId: shopper!.addressId,
      },
    });
    expect(placed.status, placed.body).toBe(200);
    const { orderId, phonePe } = placed.json().data as { orderId: string; phonePe: { checkoutUrl: string } };

    // The shopper pays; PhonePe's webhook is lost. Process A dies at once, before its reconciler's first
    // check of the payment (20 s after it began) and before any status call.
    const pressed = await request(`${a.url}/phonepe-sandbox/pay`, {
      method: "POST",
      form: {
        token: new URL(phonePe.checkoutUrl).searchParams.get("token")!,
        decision: "approve",
        webhook: "drop",
      },
    });
    expect(pressed.status).toBe(303);
    await a.kill();

    const [order] = await db.select().from(orders).where(eq(orders.publicId, orderId));
    const [atPhonePe] = await db
      .select()
      .from(phonePeSandboxOrders)
      .where(eq(phonePeSandboxOrders.merchantOrderId, `${orderId}-1`));
    expect(atPhonePe!.state).toBe("COMPLETED");
    expect(order).toMatchObject({ status: "Pending", paymentStatus: "Initiated", paidAt: null });
    const [before] = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(before!.state).toBe("PENDING");
    expect(await stockOfM()).toBe(2);

    // Process B starts on the same database; the payment is made due instead of waiting 20 s for it.
    const b = await startStoreProcess(database.url);
    stores.push(b);
    await db
      .update(payments)
      .set({ nextCheckAt: sql`now()` })
      .where(eq(payments.orderId, order!.id));
    await waitUntil("process B's reconciler pays the order", async () => {
      const [row] = await db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, order!.id));
      return row!.paidAt !== null;
    });

    const [after] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({ status: "Processing", paymentStatus: "Success", stockReleasedAt: null });
    const attempts = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ state: "COMPLETED", paidAmountPaise: 315_000 });
    expect(await db.select().from(refunds)).toEqual([]);
    expect(await stockOfM()).toBe(2);
    const mails = await db.select().from(outboxEmails).where(eq(outboxEmails.to, shopper!.email));
    expect(
      mails.filter((mail) => mail.subject.includes(`payment received for order ${orderId}`)),
    ).toHaveLength(1);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(history.filter((e) => e.subject === "stock").map((e) => e.to)).toEqual(["reserved"]);
    expect(
      history.filter((e) => e.from !== null).map((e) => `${e.actor} ${e.subject}:${e.from}->${e.to}`),
    ).toEqual([
      "phonepe payment:CREATED->PENDING",
      "reconciler payment:PENDING->COMPLETED",
      "reconciler order:Pending->Processing",
      "reconciler payment:Initiated->Success",
    ]);
  });
});
