import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { COURIER_MESSAGES } from "../../contract/courier-parcels";
import { bearer, createUserAndLogin, lastMailTo, mailCount, mailSubjects } from "../test-support/accounts";
import { malformed, type TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  placedOrder,
  placeOrder,
  reconcileNow,
  refundsOf,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { gstDocuments } from "../gst/gst.tables";
import type { PushDelivery, SandboxEvent } from "./delhivery-sandbox-parcels";
import { SCAN_PUSH_PATH } from "./courier.routes";
import { CourierUnavailable } from "./shipping-provider";
import { courierScans, courierShipments, delhiverySandboxShipments } from "./shipping.tables";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: ReturnType<TestApi["as"]>;
let productId: number;

beforeAll(async () => {
  // Listening: the store asks the built-in Delhivery sandbox over HTTP, and the sandbox pushes scans back.
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staff = api.as((await createUserAndLogin(app, ROLE.admin)).token);
  [productId] = (await seedCatalog(app, [
    { name: "Peacock Green Half Saree", price: 3499, categoryId: 3, sizes: { M: 100 } },
  ])) as [number];
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => close());

async function paidOrder() {
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [{ id: productId, size: "M", quantity: 1 }]);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  return { shopper, orderId: placed.orderId };
}

async function confirmedCodOrder() {
  const shopper = await shopperWithAddress(app);
  const placed = await placeOrder(app, shopper.token, {
    items: [{ id: productId, size: "M", quantity: 1 }],
    addressId: shopper.addressId,
    paymentMethod: "COD",
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().data.orderId as string;
  expect((await api.as(shopper.token).confirmCod({ orderId })).status).toBe(200);
  return { shopper, orderId };
}

const parcelOf = async (orderId: string) => {
  const order = await orderOf(app, orderId);
  return app.services.db.select().from(courierShipments).where(eq(courierShipments.orderId, order.id));
};
const sandboxParcels = (reference: string) =>
  app.services.db
    .select()
    .from(delhiverySandboxShipments)
    .where(sql`${delhiverySandboxShipments.reference} like ${`${reference}%`}`);

async function shipped(orderId: string) {
  const answer = await staff.shipWithCourier({ orderId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.courierParcel!;
}

/** The courier moves the parcel: its scan is pushed as asked, then the store's poll runs once. */
async function scan(waybill: string, event: SandboxEvent, push: PushDelivery = "send") {
  await app.services.shipping.sandbox!.move(waybill, event, push);
  return app.services.parcelTracking.runOnce();
}

const scansOf = async (orderId: string) => {
  const [parcel] = await parcelOf(orderId);
  return (
    await app.services.db
      .select({ n: count() })
      .from(courierScans)
      .where(eq(courierScans.shipmentId, parcel!.id))
  )[0]!.n;
};

describe("staff ship an order with one action", () => {
  it("makes the waybill, fetches the label, asks for the pickup, and the order is Shipped with its tracking", async () => {
    const { shopper, orderId } = await paidOrder();
    const parcel = await shipped(orderId);
    expect(parcel).toMatchObject({
      state: "created",
      courierName: "Delhivery",
      weightGrams: 500,
      size: "30 × 25 × 5 cm",
    });
    expect(parcel.waybill).toMatch(/^\d{14}$/);
    expect(parcel.pickupRequestedAt).not.toBeNull();
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ status: "Shipped", courier: "delhivery", trackingNumber: parcel.waybill });
    const label = await fetch(parcel.labelUrl!);
    expect(label.headers.get("content-type")).toBe("application/pdf");
    expect((await label.arrayBuffer()).byteLength).toBeGreaterThan(500);
    expect((await lastMailTo(app, shopper.email))!.text).toContain(parcel.waybill);
    // The courier was told who receives it and that it is prepaid.
    const [booked] = await sandboxParcels(orderId);
    expect(booked!.request).toMatchObject({ name: "Kavya Reddy", pin: "500034", payment_mode: "Prepaid" });
  });

  it("asks the courier to collect a cash order's total at the door", async () => {
    const { orderId } = await confirmedCodOrder();
    await shipped(orderId);
    const [booked] = await sandboxParcels(orderId);
    expect(booked!.request).toMatchObject({ payment_mode: "COD", cod_amount: 3499 });
  });

  it("takes another weight and size for this parcel, and refuses ones out of range in staff's words", async () => {
    const { orderId } = await paidOrder();
    const refused = await staff.shipWithCourier(malformed({ orderId, weightGrams: 40 }));
    expect(refused.status).toBe(400);
    expect(refused.error.message).toContain(COURIER_MESSAGES.weight);
    expect(await parcelOf(orderId)).toEqual([]);
    const parcel = (await staff.shipWithCourier({ orderId, weightGrams: 1200, heightCm: 12 })).body.data
      .courierParcel!;
    expect(parcel).toMatchObject({ weightGrams: 1200, size: "30 × 25 × 12 cm" });
    expect((await sandboxParcels(orderId))[0]!.request).toMatchObject({ weight: 1200, shipment_height: 12 });
  });

  it("shipped again, makes no second waybill", async () => {
    const { orderId } = await paidOrder();
    const first = await shipped(orderId);
    const again = await shipped(orderId);
    expect(again.waybill).toBe(first.waybill);
    expect(await sandboxParcels(orderId)).toHaveLength(1);
  });

  it("whose create answer was lost, finds the parcel by its reference instead of making a second one", async () => {
    const { orderId } = await paidOrder();
    const courier = app.services.shipping.courier!;
    const create = courier.createParcel.bind(courier);
    vi.spyOn(courier, "createParcel").mockImplementationOnce(async (parcel) => {
      await create(parcel);
      throw new CourierUnavailable("TimeoutError");
    });
    const lost = await staff.shipWithCourier({ orderId });
    expect(lost.status).toBe(503);
    expect(lost.error.message).toContain(COURIER_MESSAGES.unavailable);
    expect((await orderOf(app, orderId)).status).toBe("Processing");
    const parcel = await shipped(orderId);
    const made = await sandboxParcels(orderId);
    expect(made).toHaveLength(1);
    expect(parcel.waybill).toBe(made[0]!.waybill);
    expect((await orderOf(app, orderId)).trackingNumber).toBe(parcel.waybill);
  });

  it.each(["server-error", "truncated"] as const)(
    "with the courier down (%s), leaves the order as it was and says so",
    async (failure) => {
      const { orderId } = await paidOrder();
      await app.services.shipping.sandbox!.setFailure(failure);
      try {
        const answer = await staff.shipWithCourier({ orderId });
        expect(answer.status).toBe(503);
        expect(answer.error.message).toContain(COURIER_MESSAGES.unavailable);
      } finally {
        await app.services.shipping.sandbox!.setFailure("none");
      }
      expect(await orderOf(app, orderId)).toMatchObject({ status: "Processing", trackingNumber: null });
      expect((await shipped(orderId)).state).toBe("created");
      expect(await sandboxParcels(orderId)).toHaveLength(1);
    },
  );

  it("keeps the courier's refusal in its words, and the order stays to be shipped", async () => {
    const { orderId } = await paidOrder();
    const courier = app.services.shipping.courier!;
    const create = courier.createParcel.bind(courier);
    // The courier's own refusal, as Delhivery answers it: HTTP 200, success false, its remark.
    vi.spyOn(courier, "createParcel").mockImplementationOnce((parcel) =>
      create({ ...parcel, consignee: { ...parcel.consignee, phone: "0123456789" } }),
    );
    const refused = await staff.shipWithCourier({ orderId });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toContain(
      COURIER_MESSAGES.refused(`Incorrect phone number(s) for order ${orderId}`),
    );
    expect((await orderOf(app, orderId)).status).toBe("Processing");
    const details = (await staff.orderDetails({ id: orderId })).body.data;
    expect(details.courierParcel).toMatchObject({ state: "refused" });
    // Shipped again, with a reference of its own.
    await shipped(orderId);
    expect((await parcelOf(orderId)).map((p) => p.reference).sort()).toEqual([orderId, `${orderId}-2`]);
  });

  it("refuses an order not being prepared", async () => {
    const shopper = await shopperWithAddress(app);
    const placed = await placedOrder(app, shopper, [{ id: productId, size: "M", quantity: 1 }]);
    const answer = await staff.shipWithCourier({ orderId: placed.orderId });
    expect(answer.status).toBe(409);
    expect(answer.error.message).toContain(COURIER_MESSAGES.notProcessing("Pending"));
    const guest = await api
      .as((await shopperWithAddress(app)).token)
      .shipWithCourier({ orderId: placed.orderId });
    expect(guest.status).toBe(403);
  });
});

/** The courier's next tracking answer is given, then the parcel is picked up (its push as asked): a stale answer. */
function answerThenMove(waybill: string, push: PushDelivery) {
  const courier = app.services.shipping.courier!;
  const track = courier.track.bind(courier);
  vi.spyOn(courier, "track").mockImplementationOnce(async (waybills) => {
    const answer = await track(waybills);
    await app.services.shipping.sandbox!.move(waybill, "picked-up", push);
    return answer;
  });
  return courier;
}

describe("tracking, by push and by poll", () => {
  it("applies each scan the courier confirms, mails out-for-delivery once, and delivers the order", async () => {
    const { shopper, orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    expect(await scansOf(orderId)).toBe(2);
    expect((await parcelOf(orderId))[0]!.pickedUpAt).not.toBeNull();
    const mailsBefore = await mailCount(app, shopper.email);
    await scan(waybill, "out-for-delivery");
    expect((await lastMailTo(app, shopper.email))!.subject).toContain("out for delivery");
    await scan(waybill, "delivered");
    expect(await mailCount(app, shopper.email)).toBe(mailsBefore + 2);
    expect((await orderOf(app, orderId)).status).toBe("Delivered");
    const history = (await historyOf(app, orderId)).filter((e) => e.subject === "parcel").map((e) => e.to);
    expect(history).toEqual(["Manifested", "In Transit", "Dispatched", "Delivered"]);
    // The shopper's timeline, oldest first.
    const timeline = (await api.as(shopper.token).parcelTracking({ id: orderId })).body.data!;
    expect(timeline.scans.map((s) => s.milestone)).toEqual([
      "booked",
      "picked-up",
      "out-for-delivery",
      "delivered",
    ]);
    const stranger = await api.as((await shopperWithAddress(app)).token).parcelTracking({ id: orderId });
    expect(stranger.status).toBe(404);
  });

  it("a scan whose push was lost is found by the next poll", async () => {
    const { orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    // The parcel is tracked at the poll's next pass after it ships: its first scan.
    await app.services.parcelTracking.runOnce();
    expect(await scansOf(orderId)).toBe(1);
    await scan(waybill, "picked-up", "drop");
    expect(await scansOf(orderId)).toBe(1);
    await app.services.db
      .update(courierShipments)
      .set({ trackDueAt: sql`now()` })
      .where(eq(courierShipments.waybill, waybill));
    expect(await app.services.parcelTracking.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await scansOf(orderId)).toBe(2);
  });

  it("a push that comes while the courier is being asked is not lost to that older answer", async () => {
    const { orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    // The courier answers, then the parcel moves and its push arrives before that answer is applied.
    const courier = answerThenMove(waybill, "send");
    // The pass asks again before it ends: the parcel is still due.
    await app.services.parcelTracking.runOnce();
    expect(await scansOf(orderId)).toBe(2);
    expect(courier.track).toHaveBeenCalledTimes(2);
  });

  it("a push that lands while the older answer waits for its locks is not lost to it", async () => {
    const { orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    answerThenMove(waybill, "drop");
    const orders = app.services.orders;
    const lock = orders.lock.bind(orders);
    vi.spyOn(orders, "lock").mockImplementationOnce(async (tx, id) => {
      const order = await lock(tx, id);
      // The push lands now, after the transaction applying the older answer began, before it locks the parcel.
      await tx
        .update(courierShipments)
        .set({ trackDueAt: sql`clock_timestamp()` })
        .where(eq(courierShipments.waybill, waybill));
      return order;
    });
    await app.services.parcelTracking.runOnce();
    expect(await scansOf(orderId)).toBe(2);
  });

  it("duplicated and out-of-order pushes change nothing twice", async () => {
    const { shopper, orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up", "twice");
    const before = await mailCount(app, shopper.email);
    await scan(waybill, "out-for-delivery", "out-of-order");
    await scan(waybill, "delivered", "twice");
    expect(await scansOf(orderId)).toBe(4);
    // Every scan once in the history, one out-for-delivery mail, one delivered mail.
    expect((await historyOf(app, orderId)).filter((e) => e.subject === "parcel")).toHaveLength(4);
    expect(await mailCount(app, shopper.email)).toBe(before + 2);
    await app.services.db.update(courierShipments).set({ trackDueAt: sql`now()` });
    await app.services.parcelTracking.runOnce();
    expect(await scansOf(orderId)).toBe(4);
    expect((await orderOf(app, orderId)).status).toBe("Delivered");
  });

  it("refuses a push without the store's secret, and one that is not a scan", async () => {
    const wrong = await app.inject({
      method: "POST",
      url: SCAN_PUSH_PATH,
      headers: bearer("not-the-secret"),
      payload: { Shipment: {} },
    });
    expect(wrong.statusCode).toBe(401);
    const right = bearer(app.services.shipping.pushToken!);
    const junk = await app.inject({
      method: "POST",
      url: SCAN_PUSH_PATH,
      headers: right,
      payload: { Shipment: {} },
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe("a cash order delivered", () => {
  it("is paid at the door: its GST invoice is issued then", async () => {
    const { orderId } = await confirmedCodOrder();
    const { waybill } = await shipped(orderId);
    const order = await orderOf(app, orderId);
    const invoices = () =>
      app.services.db.select().from(gstDocuments).where(eq(gstDocuments.orderId, order.id));
    expect(await invoices()).toEqual([]);
    await scan(waybill, "picked-up");
    await scan(waybill, "delivered");
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Delivered", paymentStatus: "Success" });
    expect((await invoices()).map((doc) => doc.kind)).toEqual(["invoice"]);
  });
});

describe("a failed delivery attempt (NDR)", () => {
  it("shows to staff with the courier's reason, and staff ask for another attempt once", async () => {
    const { orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    await scan(waybill, "failed-attempt");
    let parcel = (await staff.orderDetails({ id: orderId })).body.data.courierParcel!;
    expect(parcel.failedAttempt).toMatchObject({ reason: "Consignee unavailable", reattemptAskedAt: null });
    const asked = await staff.askReattempt({ orderId });
    expect(asked.status).toBe(200);
    expect(asked.body.data.courierParcel!.failedAttempt!.reattemptAskedAt).not.toBeNull();
    const again = await staff.askReattempt({ orderId });
    expect(again.status).toBe(409);
    expect(again.error.message).toContain(COURIER_MESSAGES.noFailedAttempt);
    await scan(waybill, "out-for-delivery");
    parcel = (await staff.orderDetails({ id: orderId })).body.data.courierParcel!;
    expect(parcel.failedAttempt).toBeNull();
  });
});

describe("new details for the courier after a failed attempt", () => {
  it("gives the courier the new phone and address, kept in the history; refused once delivered", async () => {
    const { orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    await scan(waybill, "failed-attempt");
    const bad = await staff.updateParcelContact(malformed({ orderId, phone: "12345" }));
    expect(bad.status).toBe(400);
    expect((await staff.updateParcelContact(malformed({ orderId }))).error.message).toContain(
      COURIER_MESSAGES.contactNothing,
    );
    const changed = await staff.updateParcelContact({
      orderId,
      phone: "+91 90000 11111",
      address: "Flat 9C, Lotus Apartments, Road No. 3, Banjara Hills",
    });
    expect(changed.status).toBe(200);
    expect((await sandboxParcels(orderId))[0]!.request).toMatchObject({
      phone: "9000011111",
      add: "Flat 9C, Lotus Apartments, Road No. 3, Banjara Hills",
    });
    const event = (await historyOf(app, orderId)).find((e) => e.to === "details changed at the courier")!;
    expect(event.note).toContain("phone 9000011111");
    // The order keeps the address it was placed with.
    expect((await orderOf(app, orderId)).shippingAddress.address).not.toContain("Flat 9C");
    await scan(waybill, "delivered");
    const late = await staff.updateParcelContact({ orderId, phone: "9000022222" });
    expect(late.status).toBe(409);
  });
});

describe("a parcel returned to origin (RTO)", () => {
  it("closes a paid order as Returned: stock back once, a credit note, the payment refunded", async () => {
    const { shopper, orderId } = await paidOrder();
    const stock = await stockOf(app, productId, "M");
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    await scan(waybill, "return-started");
    expect((await orderOf(app, orderId)).status).toBe("Shipped");
    await scan(waybill, "returned", "twice");
    expect((await orderOf(app, orderId)).status).toBe("Returned");
    expect(await stockOf(app, productId, "M")).toBe(stock! + 1);
    await app.services.db.update(courierShipments).set({ trackDueAt: sql`now()` });
    await app.services.parcelTracking.runOnce();
    expect(await stockOf(app, productId, "M")).toBe(stock! + 1);
    const order = await orderOf(app, orderId);
    const docs = await app.services.db.select().from(gstDocuments).where(eq(gstDocuments.orderId, order.id));
    expect(docs.map((doc) => doc.kind).sort()).toEqual(["credit_note", "invoice"]);
    expect(await refundsOf(app, orderId)).toHaveLength(1);
    const subjects = await mailSubjects(app, shopper.email);
    expect(subjects.filter((subject) => subject.includes("came back to us"))).toHaveLength(1);
    expect(subjects.at(-1)).toContain("refund for order");
  });

  it("counts in the dashboard's returns of the month, beside the deliveries", async () => {
    const month = () => staff.dashboard().then((answer) => answer.body.data.returnsByMonth[0]);
    const before = (await month()) ?? { delivered: 0, returned: 0, cashDelivered: 0, cashReturned: 0 };
    const { orderId } = await confirmedCodOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    await scan(waybill, "returned");
    const delivered = await paidOrder();
    await scan((await shipped(delivered.orderId)).waybill, "delivered");
    expect(await month()).toEqual({
      month: new Intl.DateTimeFormat("en-CA", {
        timeZone: "Asia/Kolkata",
        year: "numeric",
        month: "2-digit",
      }).format(new Date()),
      delivered: before.delivered + 1,
      returned: before.returned + 1,
      cashDelivered: before.cashDelivered,
      cashReturned: before.cashReturned + 1,
    });
  });

  it("closes a cash order with no invoice and nothing to refund", async () => {
    const { orderId } = await confirmedCodOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    await scan(waybill, "returned");
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ status: "Returned", paidAt: null });
    const docs = await app.services.db.select().from(gstDocuments).where(eq(gstDocuments.orderId, order.id));
    expect(docs).toEqual([]);
  });
});

describe("cancelling a shipped order", () => {
  it("before pickup, cancels the parcel at the courier, then the order, its stock back", async () => {
    const { orderId } = await paidOrder();
    const stock = await stockOf(app, productId, "M");
    await shipped(orderId);
    const details = (await staff.orderDetails({ id: orderId })).body.data;
    expect(details.allowedTransitions).toContain("Cancelled");
    const cancelled = await staff.updateOrderStatus({
      orderId,
      status: "Cancelled",
      cancelReason: "cannot-deliver",
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await orderOf(app, orderId)).status).toBe("Cancelled");
    expect(await stockOf(app, productId, "M")).toBe(stock! + 1);
    expect((await sandboxParcels(orderId))[0]!.cancelledAt).not.toBeNull();
    expect((await parcelOf(orderId))[0]!.state).toBe("cancelled");
    expect(await refundsOf(app, orderId)).toHaveLength(1);
  });

  it("after pickup, is refused and changes nothing", async () => {
    const { orderId } = await paidOrder();
    const { waybill } = await shipped(orderId);
    await scan(waybill, "picked-up");
    expect((await staff.orderDetails({ id: orderId })).body.data.allowedTransitions).not.toContain(
      "Cancelled",
    );
    const refused = await staff.updateOrderStatus({
      orderId,
      status: "Cancelled",
      cancelReason: "cannot-deliver",
    });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toContain(COURIER_MESSAGES.pickedUp);
    expect((await orderOf(app, orderId)).status).toBe("Shipped");
    expect((await sandboxParcels(orderId))[0]!.cancelledAt).toBeNull();
  });
});

describe("the parcel of each category (the owner's settings)", () => {
  const KURTA_BOX = { weightGrams: 800, lengthCm: 40, widthCm: 30, heightCm: 8 };
  let owner: ReturnType<TestApi["as"]>;
  beforeAll(async () => {
    owner = api.as((await createUserAndLogin(app, ROLE.superAdmin)).token);
  });
  afterEach(async () => {
    await owner.saveCategoryParcel({ categoryId: 3, parcel: null });
  });

  it("are the owner's to set: each category listed, staff refused, bad sizes in staff's words, changing nothing", async () => {
    const listed = await owner.categoryParcels();
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((row) => row.category.id === 3)).toMatchObject({ parcel: null });
    expect((await staff.saveCategoryParcel({ categoryId: 3, parcel: KURTA_BOX })).status).toBe(403);
    const refused = await owner.saveCategoryParcel(
      malformed({ categoryId: 3, parcel: { ...KURTA_BOX, weightGrams: 40, heightCm: 151 } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.error.message).toContain(COURIER_MESSAGES.weight);
    const unknown = await owner.saveCategoryParcel({ categoryId: 999, parcel: KURTA_BOX });
    expect(unknown.status).toBe(404);
    expect(unknown.error.message).toBe(COURIER_MESSAGES.noCategory);
    expect((await owner.categoryParcels()).body.data.every((row) => row.parcel === null)).toBe(true);

    const saved = await owner.saveCategoryParcel({ categoryId: 3, parcel: KURTA_BOX });
    expect(saved.status).toBe(200);
    expect(saved.body.data.find((row) => row.category.id === 3)!.parcel).toEqual(KURTA_BOX);
  });

  it("is what Ship with Delhivery declares: each piece's weight, in the largest box; staff's own values over it", async () => {
    expect((await owner.saveCategoryParcel({ categoryId: 3, parcel: KURTA_BOX })).status).toBe(200);
    const shopper = await shopperWithAddress(app);
    const two = await placedOrder(app, shopper, [{ id: productId, size: "M", quantity: 2 }]);
    await decide(app, two.merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await shipped(two.orderId)).toMatchObject({ weightGrams: 1_600, size: "40 × 30 × 8 cm" });
    expect((await sandboxParcels(two.orderId))[0]!.request).toMatchObject({
      weight: 1_600,
      shipment_length: 40,
      shipment_width: 30,
      shipment_height: 8,
    });

    const { orderId } = await paidOrder();
    const own = (await staff.shipWithCourier({ orderId, weightGrams: 900 })).body.data.courierParcel!;
    expect(own).toMatchObject({ weightGrams: 900, size: "40 × 30 × 8 cm" });
  });

  it("none set, the usual parcel stands", async () => {
    const { orderId } = await paidOrder();
    expect(await shipped(orderId)).toMatchObject({ weightGrams: 500, size: "30 × 25 × 5 cm" });
  });
});
