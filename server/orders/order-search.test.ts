import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { STAFF_ORDER_MESSAGES, type AdminOrdersQuery } from "../../contract/staff-orders";
import type { CustomizationRequest } from "../../contract/tailoring-rules";
import { selectRows } from "../db/client";
import { createUserAndLogin } from "../test-support/accounts";
import { malformed } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, placedOrder, reconcileNow, shopperWithAddress } from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";
import { orders, shippingPhoneDigits } from "./orders.tables";
import { phoneDigitsOf } from "./staff-order-list";

const { app, api } = await startTestApp({}, { listen: true });
let staff: ReturnType<typeof api.as>;
let productId: number;

beforeAll(async () => {
  staff = api.as((await createUserAndLogin(app, ROLE.admin)).token);
  [productId] = (await seedCatalog(app, [
    {
      name: "Saffron Lehenga",
      price: 3999,
      categoryId: 2,
      sizes: { M: 50 },
      customizations: [{ name: "Blouse Fit", charge: 350 }],
    },
  ])) as [number];
});

const blouseFit: CustomizationRequest = {
  options: ["Blouse Fit"],
  unit: "in",
  measurements: { bust: 34, waist: 28.5, shoulder: 14 },
  note: "",
};

/** An order of one piece awaiting payment, or paid (Processing); customised when asked. */
async function order({ paid = false, customised = false } = {}) {
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [
    { id: productId, size: "M", quantity: 1, ...(customised ? { customization: blouseFit } : {}) },
  ]);
  if (paid) {
    await decide(app, placed.merchantOrderId, "approve");
    await reconcileNow(app);
  }
  return { ...placed, shopper };
}

/** Keeps a phone on an order as an older client or an import may have written it. */
const storePhone = (orderId: string, phone: string) =>
  app.services.db
    .update(orders)
    .set({ shippingAddress: sql`jsonb_set(${orders.shippingAddress}, '{phone}', to_jsonb(${phone}::text))` })
    .where(eq(orders.publicId, orderId));

const found = async (query: AdminOrdersQuery) => {
  const answer = await staff.adminOrders({ limit: 50, ...query });
  expect(answer.status, JSON.stringify(answer.response.body)).toBe(200);
  return answer.body.data.map((listed) => listed.orderId).sort();
};

describe("a phone as people type it", () => {
  it.each([
    ["98480 12345", "9848012345"],
    ["+91 98480 12345", "9848012345"],
    ["+919848012345", "9848012345"],
    ["0091 98480-12345", "9848012345"],
    ["098480 12345", "9848012345"],
    ["919848012345", "9848012345"],
    ["(98480) 12345", "9848012345"],
    ["+91 98480", "98480"],
    ["12345", "12345"],
    ["912", "912"],
    ["98", null],
    ["Kavya", null],
    ["RB98480", null],
  ])("%s is searched as %s", (search, digits) => {
    expect(phoneDigitsOf(search)).toBe(digits);
  });

  it("finds the orders of one number whichever way it was stored and is typed", async () => {
    const stored = ["70130 55501", "+91 70130 55501", "07013055501", "7013055501"];
    const ids: string[] = [];
    for (const phone of stored) {
      const placed = await order();
      await storePhone(placed.orderId, phone);
      ids.push(placed.orderId);
    }
    ids.sort();
    for (const search of ["70130 55501", "+91 70130 55501", "+917013055501", "070130-55501", "7013055501"])
      expect(await found({ search }), search).toEqual(ids);
    // A part of the number, with its country code or without.
    expect(await found({ search: "+91 70130" })).toEqual(ids);
    expect(await found({ search: "55501" })).toEqual(ids);
    expect(await found({ search: "70130 55502" })).toEqual([]);
  });

  it("is looked up through the index of the stored phones' digits", async () => {
    const plan = await app.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return selectRows<Record<string, string>>(
        tx,
        sql`explain select id from ${orders} where ${shippingPhoneDigits(orders.shippingAddress)} like '%9848012345%'`,
      );
    });
    expect(plan.map((row) => Object.values(row).join(" ")).join("\n")).toContain(
      "orders_ship_phone_digits_trgm_idx",
    );
  });
});

describe("other searches", () => {
  it("finds an order by its id (any case, with #), the shopper's e-mail (or a part) and name", async () => {
    const placed = await order();
    expect(await found({ search: `#${placed.orderId.toLowerCase()}` })).toEqual([placed.orderId]);
    expect(await found({ search: placed.shopper.email.toUpperCase() })).toEqual([placed.orderId]);
    const email = placed.shopper.email;
    expect(await found({ search: email.slice(0, email.indexOf("@") + 3) })).toEqual([placed.orderId]);
    // The account's e-mail, after she changed it, still finds the order she placed before.
    const changed = `changed-${placed.shopper.email}`;
    await app.services.db.execute(sql`update users set email = ${changed} where id = ${placed.shopper.id}`);
    expect(await found({ search: changed })).toEqual([placed.orderId]);
    expect(await found({ search: "kavya red" })).toContain(placed.orderId);
    expect(await found({ search: "100%_nobody" })).toEqual([]);
  });
});

describe("a whole e-mail address", () => {
  it("finds the orders sent to it, or to one it starts, whatever the case", async () => {
    const placed = await order();
    const email = placed.shopper.email;
    expect(await found({ search: ` ${email.toUpperCase()} ` })).toEqual([placed.orderId]);
    // Typed in part, but already like an address: "kavya@example.co" for "kavya@example.com".
    expect(await found({ search: email.slice(0, -1) })).toEqual([placed.orderId]);
    expect(await found({ search: `x${email}` })).toEqual([]);
  });

  it("is looked up through the index of the lower-cased e-mails, not the trigrams every address shares", async () => {
    const plan = await app.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return selectRows<Record<string, string>>(
        tx,
        sql`explain select id from ${orders} where lower(${orders.shippingAddress}->>'email') like 'kavya@example.com%'`,
      );
    });
    expect(plan.map((row) => Object.values(row).join(" ")).join("\n")).toContain(
      "orders_ship_email_lower_idx",
    );
  });
});

describe("what needs work", () => {
  it("are paid orders not shipped: with the tailor, or ready to ship; awaiting payment and cancelled apart", async () => {
    const unpaid = await order();
    const toShip = await order({ paid: true });
    const tailoring = await order({ paid: true, customised: true });
    const cancelled = await order({ paid: true });
    expect(
      (
        await staff.updateOrderStatus({
          orderId: cancelled.orderId,
          status: "Cancelled",
          cancelReason: "out-of-stock",
        })
      ).status,
    ).toBe(200);
    const ours = (ids: string[]) =>
      ids.filter((id) => [unpaid, toShip, tailoring, cancelled].some((o) => o.orderId === id));

    expect(ours(await found({ status: "Processing" }))).toEqual([toShip.orderId, tailoring.orderId].sort());
    expect(ours(await found({ work: "tailoring" }))).toEqual([tailoring.orderId]);
    expect(ours(await found({ work: "to-ship" }))).toEqual([toShip.orderId]);
    expect(ours(await found({ status: "Pending" }))).toEqual([unpaid.orderId]);
    expect(ours(await found({ status: "Cancelled" }))).toEqual([cancelled.orderId]);
    // The spec's list, with no filter, keeps every order.
    expect(ours(await found({}))).toEqual(
      [unpaid.orderId, toShip.orderId, tailoring.orderId, cancelled.orderId].sort(),
    );
    const tailoringPage = await staff.adminOrders({ work: "tailoring", limit: 1 });
    expect(tailoringPage.body.pagination.total).toBeGreaterThanOrEqual(1);

    // Marked done, the customised order is ready to ship.
    const line = (await staff.orderDetails({ id: tailoring.orderId })).body.data.order.items[0]!;
    await staff.markTailoringDone({ orderId: tailoring.orderId, itemId: line.id });
    expect(ours(await found({ work: "to-ship" }))).toEqual([toShip.orderId, tailoring.orderId].sort());

    // Paid today in India, not cancelled: the dashboard's sales.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(ours(await found({ paidFrom: today, paidTo: today }))).toEqual(
      [toShip.orderId, tailoring.orderId].sort(),
    );
    expect(ours(await found({ paidFrom: "2020-01-01", paidTo: "2020-01-31" }))).toEqual([]);
  });

  it.each([
    [{ status: "Shipped", work: "tailoring" }, "work", STAFF_ORDER_MESSAGES.workOfProcessing],
    [{ work: "packing" }, "work", "Work must be one of tailoring, to-ship."],
    [{ paidFrom: "2026-11-31x" }, "paidFrom", "Give a date as YYYY-MM-DD."],
    [{ paidFrom: "2026-11-10", paidTo: "2026-11-01" }, "paidTo", "The first day must not be after the last."],
  ])("refuses %o with a 400 naming the field", async (query, field, message) => {
    const answer = await staff.adminOrders(malformed(query));
    expect(answer.status).toBe(400);
    expect(answer.error.errors).toMatchObject({ [field]: message });
  });
});
