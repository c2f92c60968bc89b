/**
 * WhatsApp's outbox with two store processes on one PostgreSQL database, as a deployment behind a load balancer
 * runs it (decision 053): every process runs the outbox's job, each store is its own WhatsApp sandbox (the
 * sandbox's records are in the shared database), and each message carries its row's id as its callback data, so
 * the sandbox's records say how often each message was sent. An order's message that both processes' workers
 * could claim at once is sent once; a store killed while WhatsApp holds its message (no answer yet) leaves it
 * to be sent again by another process once its lease ends, and it is accepted once.
 *
 * Run by `npm run test:processes` (vitest.processes.config.ts) with DATABASE_URL set: PGlite cannot be shared
 * by two processes, so `npm run test:api` leaves this file out.
 */
import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses } from "../addresses/addresses.tables";
import { orders } from "../orders/orders.tables";
import {
  clientAddress,
  createProcessTestDatabase,
  createShoppers,
  request,
  seedProduct,
  startStoreProcess,
  waitUntil,
  type Shopper,
  type StoreProcess,
  type TestDatabase,
} from "../test-support/store-processes";
import {
  whatsappMessageEvents,
  whatsappMessages,
  whatsappSandbox,
  whatsappSandboxMessages,
} from "./messaging.tables";
import { WHATSAPP_SANDBOX_PREFIX } from "../config";
import type { SandboxFailure } from "./whatsapp-sandbox";

let database: TestDatabase;
let productId: number;
/** The stores started here, stopped (or already killed) at the end. */
const started: StoreProcess[] = [];

beforeAll(async () => {
  database = await createProcessTestDatabase();
  productId = await seedProduct(database.db, {
    name: "Saffron Leheriya Kurta",
    pricePaise: 189_900,
    sizes: { M: 100 },
  });
});
afterAll(async () => {
  await Promise.all(started.map((store) => store.stop()));
  await database?.close();
});

async function startStore() {
  // Many orders awaiting payment from the test's few client addresses (the limit is not under test here).
  const store = await startStoreProcess(database.url, { UNPAID_ORDERS_PER_ADDRESS: "100" });
  started.push(store);
  return store;
}

/** Tells the sandbox (shared by every store through the database) how to fail and push, as its own routes do. */
async function sandboxSays(
  store: StoreProcess,
  setting: { failure: SandboxFailure; times?: number } | { mode: "auto" | "manual" },
) {
  const [{ accessToken } = { accessToken: "" }] = await database.db
    .select({ accessToken: whatsappSandbox.accessToken })
    .from(whatsappSandbox);
  const path = "failure" in setting ? "failure" : "statuses";
  const answer = await request(`${store.url}${WHATSAPP_SANDBOX_PREFIX}/sandbox/${path}`, {
    method: "POST",
    json: setting,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(answer.status, answer.body).toBe(200);
}

/** Each shopper's delivery number a mobile of her own, so that WhatsApp's limit per recipient never waits. */
async function ownNumbers(shoppers: Shopper[], first: number) {
  for (const [index, shopper] of shoppers.entries())
    await database.db
      .update(addresses)
      .set({ phone: String(first + index) })
      .where(eq(addresses.id, shopper.addressId));
}

/** Places an order of one piece, with its updates on WhatsApp, through `store`; its database id. */
async function placeWithWhatsApp(store: StoreProcess, shopper: Shopper, index: number, key: string) {
  const placed = await request(`${store.url}/api/orders/place-order`, {
    method: "POST",
    from: clientAddress(index),
    headers: { authorization: `Bearer ${shopper.token}`, "idempotency-key": key },
    json: {
      paymentMethod: "phonePe",
      items: [{ id: productId, size: "M", quantity: 1, price: 1899 }],
      addressId: shopper.addressId,
      whatsappUpdates: true,
    },
  });
  expect(placed.status, placed.body).toBe(200);
  const publicId = placed.json().data.orderId as string;
  const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, publicId));
  return row!.id;
}

/** How often the sandbox took each message, by the row id its callback data carries. */
async function sendsOf(messageIds: number[]) {
  const rows = await database.db
    .select({ callback: whatsappSandboxMessages.callbackData, wamid: whatsappSandboxMessages.wamid })
    .from(whatsappSandboxMessages)
    .where(like(whatsappSandboxMessages.callbackData, "message:%"))
    .orderBy(whatsappSandboxMessages.createdAt);
  const wanted = new Set(messageIds.map((id) => `message:${id}`));
  return rows.filter((row) => wanted.has(row.callback ?? ""));
}

const acceptedEventsOf = async (messageIds: number[]) =>
  database.db
    .select({ messageId: whatsappMessageEvents.messageId, n: count() })
    .from(whatsappMessageEvents)
    .where(
      and(inArray(whatsappMessageEvents.messageId, messageIds), eq(whatsappMessageEvents.status, "accepted")),
    )
    .groupBy(whatsappMessageEvents.messageId);

describe("WhatsApp's outbox in two store processes on one database", () => {
  it("sends each order's message once when both processes' workers can claim it at the same moment", async () => {
    const { db } = database;
    const stores = [await startStore(), await startStore()];
    const ORDERS = 30;
    const shoppers = await createShoppers(db, ORDERS, (index) => stores[index % 2]!.url);
    await ownNumbers(shoppers, 9_100_000_100);

    // WhatsApp unavailable for a moment: each order's first message fails (retryable) and waits to be retried.
    await sandboxSays(stores[0]!, { failure: "unavailable" });
    const orderIds = await Promise.all(
      shoppers.map((shopper, index) =>
        placeWithWhatsApp(stores[index % 2]!, shopper, index, `whatsapp-two-stores-${index}`),
      ),
    );
    const messagesOfOrders = () =>
      db.select().from(whatsappMessages).where(inArray(whatsappMessages.orderId, orderIds));
    await waitUntil(
      "each order's message is tried once and waits",
      async () => {
        const rows = await messagesOfOrders();
        // Refused with code 2 (temporarily unavailable), waiting for its retry: not merely claimed.
        return (
          rows.length === ORDERS &&
          rows.every((row) => row.status === "pending" && row.attempts === 1 && row.errorCode === 2)
        );
      },
      { stores },
    );
    expect(await sendsOf((await messagesOfOrders()).map((row) => row.id))).toEqual([]);

    // WhatsApp is back and the retry is due for all of them at once: both workers claim side by side.
    await sandboxSays(stores[1]!, { failure: "none" });
    await db
      .update(whatsappMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(whatsappMessages.orderId, orderIds));
    await waitUntil(
      "every message is taken by WhatsApp",
      async () => (await messagesOfOrders()).every((row) => row.wamid !== null),
      { stores },
    );

    const rows = await messagesOfOrders();
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(ORDERS);
    expect(rows.map((row) => [row.event, row.attempts])).toEqual(rows.map(() => ["order-placed", 2]));
    const ids = rows.map((row) => row.id);
    const sends = await sendsOf(ids);
    expect(sends).toHaveLength(ORDERS);
    expect(new Set(sends.map((send) => send.callback)).size).toBe(ORDERS);
    expect(new Set(sends.map((send) => send.wamid))).toEqual(new Set(rows.map((row) => row.wamid)));
    const accepted = await acceptedEventsOf(ids);
    expect(accepted).toHaveLength(ORDERS);
    expect(accepted.every((row) => Number(row.n) === 1)).toBe(true);

    // The next test needs one store alone to die mid-send.
    await stores[1]!.stop();
  });

  it("sends a message again, from another process once its lease ends, when its store died waiting for WhatsApp's answer", async () => {
    const { db } = database;
    const doomed = started[0]!;
    const [shopper] = await createShoppers(db, 1, () => doomed.url);
    await ownNumbers([shopper!], 9_200_000_100);
    // No statuses (they would tell the store the message went), and WhatsApp takes the next message but does
    // not answer before the store dies.
    await sandboxSays(doomed, { mode: "manual" });
    await sandboxSays(doomed, { failure: "lost-answer", times: 1 });
    const orderId = await placeWithWhatsApp(doomed, shopper!, 40, "whatsapp-killed-mid-send");
    const messageOf = async () =>
      (await db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId)))[0];
    await waitUntil(
      "WhatsApp holds the message and the store waits for its answer",
      async () => {
        const row = await messageOf();
        return row !== undefined && (await sendsOf([row.id])).length === 1;
      },
      { stores: [doomed] },
    );
    await doomed.kill();

    const left = (await messageOf())!;
    expect(left).toMatchObject({ status: "sending", wamid: null, attempts: 1 });
    // Its lease keeps another process from sending it again while an answer may still come.
    expect(left.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const next = await startStore();
    // The lease ends (120 s): the other process's worker sends it again, and WhatsApp answers this time.
    await db
      .update(whatsappMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(whatsappMessages.id, left.id));
    await waitUntil("the message is sent again and taken", async () => (await messageOf())!.wamid !== null, {
      stores: [next],
    });

    const row = (await messageOf())!;
    expect(row).toMatchObject({ status: "accepted", attempts: 2 });
    // WhatsApp got it twice (the first answer was lost with the store); the store keeps the second's WAMID.
    const sends = await sendsOf([row.id]);
    expect(sends).toHaveLength(2);
    expect(sends.map((send) => send.wamid)).toEqual([expect.any(String), row.wamid]);
    expect((await acceptedEventsOf([row.id])).map((event) => Number(event.n))).toEqual([1]);
  });
});
