import { describe, expect, it } from "vitest";
import { canMove, movesFrom, ORDER_TRANSITIONS } from "../../contract/order-transitions";
import { ORDER_STATUSES } from "../../contract/orders";
import { NotAllowed } from "../lib/errors";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";

/**
 * One table of an order's status moves (contract/order-transitions.ts): staff's page offers what it gives
 * staff, and the order lifecycle refuses any move not in it, changing nothing.
 */
describe("the transition table", () => {
  it("gives staff the moves their page offers, and no one a move out of Delivered or Returned", () => {
    expect(ORDER_STATUSES.map((from) => [from, movesFrom(from, "staff")])).toEqual([
      ["Pending", ["Cancelled"]],
      ["Processing", ["Shipped", "Cancelled"]],
      ["Shipped", ["Delivered", "Cancelled"]],
      ["Delivered", []],
      ["Cancelled", []],
      ["Returned", []],
    ]);
    // The courier's scans deliver a parcel or bring it back; only they say it came back.
    expect(movesFrom("Shipped", "courier")).toEqual(["Delivered", "Returned"]);
    expect(canMove("Shipped", "Returned", "staff")).toBe(false);
    expect(canMove("Pending", "Processing", "payment")).toBe(true);
    expect(canMove("Pending", "Processing", "staff")).toBe(false);
    expect(canMove("Cancelled", "Processing", "payment")).toBe(true);
    expect(canMove("Pending", "Cancelled", "shopper")).toBe(true);
    expect(canMove("Processing", "Cancelled", "shopper")).toBe(false);
    for (const by of ["payment", "shopper", "staff", "courier"] as const)
      for (const to of ORDER_STATUSES) {
        expect(canMove("Delivered", to, by)).toBe(false);
        expect(canMove("Returned", to, by)).toBe(false);
      }
    expect(Object.keys(ORDER_TRANSITIONS)).toEqual([...ORDER_STATUSES]);
  });
});

describe("the order lifecycle", async () => {
  const { app } = await startTestApp({}, { listen: true });
  const { db, orders } = app.services;

  async function pendingOrder() {
    const [id] = await seedCatalog(app, [
      { name: "Mint Half Saree", price: 3150, categoryId: 3, sizes: { M: 4 } },
    ]);
    const shopper = await shopperWithAddress(app);
    const placed = await placedOrder(app, shopper, [{ id: id!, size: "M", quantity: 1 }]);
    return { productId: id!, ...placed };
  }

  /** Runs a change on the locked order the way the services do, and what it threw. */
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
  type Locked = Awaited<ReturnType<typeof orders.lock>>;
  const tryOn = async (publicId: string, change: (tx: Tx, order: Locked) => Promise<unknown>) => {
    const { id } = await orderOf(app, publicId);
    return db
      .transaction(async (tx) => change(tx, await orders.lock(tx, id)))
      .then(
        () => null,
        (error: unknown) => error,
      );
  };

  it("refuses a move not in the table with NotAllowed, and changes nothing", async () => {
    const { productId, orderId } = await pendingOrder();
    const before = await orderOf(app, orderId);
    const history = (await historyOf(app, orderId)).length;

    const shipped = await tryOn(orderId, (tx, order) =>
      orders.advance(tx, order, { to: "Shipped", actor: "staff:1" }),
    );
    expect(shipped).toBeInstanceOf(NotAllowed);
    expect((shipped as Error).message).toBe("An order that is Pending cannot be marked Shipped.");
    const delivered = await tryOn(orderId, (tx, order) =>
      orders.advance(tx, order, { to: "Delivered", actor: "staff:1" }),
    );
    expect(delivered).toBeInstanceOf(NotAllowed);

    expect(await orderOf(app, orderId)).toEqual(before);
    expect(await historyOf(app, orderId)).toHaveLength(history);
    expect(await stockOf(app, productId, "M")).toBe(3);
  });

  it("refuses staff a cancellation of a delivered order, which keeps its stock and history", async () => {
    const { productId, orderId, merchantOrderId } = await pendingOrder();
    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);
    for (const to of ["Shipped", "Delivered"] as const)
      expect(
        await tryOn(orderId, (tx, order) => orders.advance(tx, order, { to, actor: "staff:1" })),
      ).toBeNull();
    const history = (await historyOf(app, orderId)).length;

    const cancelled = await tryOn(orderId, (tx, order) =>
      orders.cancelByStaff(tx, order, { actor: "staff:1", reason: "shopper-asked" }),
    );
    expect(cancelled).toBeInstanceOf(NotAllowed);
    expect((cancelled as Error).message).toBe("An order that is Delivered cannot be marked Cancelled.");
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Delivered", stockReleasedAt: null });
    expect(await historyOf(app, orderId)).toHaveLength(history);
    expect(await stockOf(app, productId, "M")).toBe(3);
  });
});
