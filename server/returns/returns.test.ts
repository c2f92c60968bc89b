import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { RETURN_MESSAGES as M, type RequestReturnRequest } from "../../contract/returns";
import { bearer, createUserAndLogin, lastMailTo, post } from "../test-support/accounts";
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
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { uploadGrievancePhotos } from "../test-support/uploads";
import { grievanceMessages, grievances } from "../grievances/grievances.tables";
import { gstDocuments } from "../gst/gst.tables";
import { orders } from "../orders/orders.tables";
import { delhiverySandboxShipments } from "../shipping/shipping.tables";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: ReturnType<TestApi["as"]>;
let staffToken: string;
let owner: ReturnType<TestApi["as"]>;
let lehenga: number;
let dupatta: number;

beforeAll(async () => {
  // Listening: the reverse pickup is booked with the built-in Delhivery sandbox over HTTP.
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staffToken = (await createUserAndLogin(app, ROLE.admin)).token;
  staff = api.as(staffToken);
  owner = api.as((await createUserAndLogin(app, ROLE.superAdmin)).token);
  [lehenga, dupatta] = (await seedCatalog(app, [
    { name: "Mango Yellow Lehenga", price: 2499, categoryId: 2, sizes: { M: 50 } },
    { name: "Zari Border Dupatta", price: 799, categoryId: 4, sizes: { M: 50 } },
  ])) as [number, number];
});
afterEach(async () => {
  await owner.updateStoreSettings({ returnDays: 7 });
  app.services.settings.forget();
});
afterAll(() => close());

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

async function deliver(orderId: string) {
  const move = (status: string, extra: Record<string, string> = {}) =>
    post(app, "/api/orders/update-order-status", { orderId, status, ...extra }, bearer(staffToken));
  for (const [status, extra] of [
    ["Shipped", { courier: "delhivery", trackingNumber: "DL1234567891" }],
    ["Delivered", {}],
  ] as const) {
    const moved = await move(status, extra);
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

/** A paid order of one lehenga and two dupattas, delivered. */
async function deliveredPaidOrder() {
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [
    { id: lehenga, size: "M", quantity: 1 },
    { id: dupatta, size: "M", quantity: 2 },
  ]);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  await deliver(placed.orderId);
  return { shopper, orderId: placed.orderId, items: await itemsOf(shopper, placed.orderId) };
}

async function itemsOf(shopper: Shopper, orderId: string) {
  const mine = (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId)!;
  return mine.items;
}
const myOrder = async (shopper: Shopper, orderId: string) =>
  (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId)!;

async function photos(count = 1) {
  const upload = await uploadGrievancePhotos(app, count);
  expect(upload.statusCode).toBe(200);
  return upload.json().data as { photos: string[]; uploadToken: string };
}

async function asked(
  shopper: Shopper,
  orderId: string,
  itemId: number,
  extra: Partial<RequestReturnRequest> = {},
) {
  return api.as(shopper.token).requestReturn({
    orderId,
    itemId,
    quantity: 1,
    reason: "damaged",
    details: "The zari border came torn along one side.",
    ...(await photos()),
    ...extra,
  });
}

const ticketOf = async (ticketNumber: string) => {
  const [ticket] = await app.services.db
    .select()
    .from(grievances)
    .where(eq(grievances.ticketNumber, ticketNumber));
  const messages = await app.services.db
    .select()
    .from(grievanceMessages)
    .where(eq(grievanceMessages.grievanceId, ticket!.id));
  return { ...ticket!, messages };
};

describe("a return of a damaged piece of an order paid online", () => {
  it("gets a ticket at once; staff approve, the courier collects it, and once received it is refunded with a credit note", async () => {
    const { shopper, orderId, items } = await deliveredPaidOrder();
    const dupattas = items.find((item) => item.productId === dupatta)!;
    expect((await myOrder(shopper, orderId)).returnBy).not.toBeNull();

    const answer = await asked(shopper, orderId, dupattas.id);
    expect(answer.status).toBe(200);
    const asking = answer.body.data;
    expect(asking).toMatchObject({ itemId: dupattas.id, quantity: 1, reason: "damaged", state: "requested" });
    expect(asking.id).toMatch(/^RT-\d{6}$/);
    expect(asking.ticketNumber).toMatch(/^GR-\d{6}$/);
    expect((await lastMailTo(app, shopper.email))!.subject).toContain(asking.ticketNumber);
    expect((await myOrder(shopper, orderId)).returns).toEqual([asking]);
    const ticket = await ticketOf(asking.ticketNumber);
    expect(ticket).toMatchObject({
      orderPublicId: orderId,
      category: "damaged-defective-or-wrong",
      status: "open",
    });
    expect(ticket.photos).toHaveLength(1);

    const approved = (await staff.approveReturn({ returnId: asking.id })).body.data;
    expect(approved.state).toBe("approved");
    expect(approved.pickupWaybill).toMatch(/^\d{14}$/);
    const [pickup] = await app.services.db
      .select()
      .from(delhiverySandboxShipments)
      .where(eq(delhiverySandboxShipments.reference, asking.id));
    expect(pickup!.request).toMatchObject({ payment_mode: "Pickup", pin: "500034" });
    expect((await lastMailTo(app, shopper.email))!.text).toContain("is approved");
    // Approving again books nothing more.
    expect((await staff.approveReturn({ returnId: asking.id })).body.data.pickupWaybill).toBe(
      approved.pickupWaybill,
    );

    const received = (await staff.receiveReturn({ returnId: asking.id })).body.data;
    // One of two dupattas at ₹799: what was paid for it.
    expect(received).toMatchObject({ state: "refunded", refund: 799 });
    expect((await refundsOf(app, orderId)).map((refund) => refund.amountPaise)).toEqual([79_900]);
    const order = await orderOf(app, orderId);
    const [note] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(and(eq(gstDocuments.orderId, order.id), isNotNull(gstDocuments.returnId)));
    expect(note).toMatchObject({ kind: "credit_note", totalPaise: 79_900 });
    expect(note!.lines.map((line) => [line.description, line.quantity, line.totalPaise])).toEqual([
      ["Zari Border Dupatta", 1, 79_900],
    ]);
    // The shopper downloads it from her order's documents, beside the invoice.
    const documents = (await api.as(shopper.token).gstDocuments({ id: orderId })).body.data;
    expect(documents.map((document) => [document.kind, document.number])).toEqual([
      ["invoice", expect.stringMatching(/^INV\//)],
      ["credit-note", note!.number],
    ]);
    const pdf = await app.inject({ url: documents[1]!.url, headers: bearer(shopper.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const resolved = await ticketOf(asking.ticketNumber);
    expect(resolved.status).toBe("resolved");
    expect(resolved.messages.at(-1)!.text).toContain(`refunded ₹799 through PhonePe`);
    expect((await historyOf(app, orderId)).filter((e) => e.subject === "return").map((e) => e.to)).toEqual([
      "requested",
      "approved",
      "pickup booked",
      "refunded",
    ]);

    // Received again: nothing more is refunded or issued.
    expect((await staff.receiveReturn({ returnId: asking.id })).body.data.state).toBe("refunded");
    expect(await refundsOf(app, orderId)).toHaveLength(1);
    // PhonePe completes the refund; the order stays delivered and paid.
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Delivered", paymentStatus: "Success" });
  });

  it("is refused in the shopper's words, changing nothing: not delivered, a second return of a line, too many pieces, no photo, not hers", async () => {
    const { shopper, orderId, items } = await deliveredPaidOrder();
    const [lehengaLine, dupattas] = [
      items.find((item) => item.productId === lehenga)!,
      items.find((item) => item.productId === dupatta)!,
    ];
    const tooMany = await asked(shopper, orderId, dupattas.id, { quantity: 3 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error.errors).toEqual({ quantity: M.quantity(2) });
    const noPhoto = await asked(shopper, orderId, dupattas.id, { photos: [] });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.error.errors?.photos).toBe(M.photosRequired);
    const notHers = await asked(await shopperWithAddress(app), orderId, dupattas.id);
    expect(notHers.status).toBe(404);
    const strange = await api.as(shopper.token).requestReturn(malformed({ orderId, itemId: "x" }));
    expect(strange.status).toBe(400);
    expect(await ticketsOfOrder(orderId)).toBe(0);

    const first = await asked(shopper, orderId, lehengaLine.id);
    expect(first.status).toBe(200);
    const again = await asked(shopper, orderId, lehengaLine.id);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(M.alreadyAsked(first.body.data.id));
    expect(await ticketsOfOrder(orderId)).toBe(1);
    // Her data file holds the return under its order.
    const file = JSON.parse((await api.as(shopper.token).myData()).body.toString("utf8"));
    const exported = file.orders.find((order: { orderId: string }) => order.orderId === orderId);
    expect(exported.returns).toEqual([
      expect.objectContaining({
        id: first.body.data.id,
        itemId: lehengaLine.id,
        reason: "damaged",
        state: "requested",
      }),
    ]);

    const pending = await shopperWithAddress(app);
    const unpaid = await placedOrder(app, pending, [{ id: lehenga, size: "M", quantity: 1 }]);
    const [line] = await itemsOf(pending, unpaid.orderId);
    const early = await asked(pending, unpaid.orderId, line!.id);
    expect(early.status).toBe(409);
    expect(early.error.message).toBe(M.notDelivered);
  });

  it("closes the owner's days after delivery, which the owner may change", async () => {
    const { shopper, orderId, items } = await deliveredPaidOrder();
    await app.services.db
      .update(orders)
      .set({ deliveredAt: sql`now() - interval '8 days'` })
      .where(eq(orders.publicId, orderId));
    expect((await myOrder(shopper, orderId)).returnBy).toBeNull();
    const late = await asked(shopper, orderId, items[0]!.id);
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(M.windowClosed(7));
    expect((await owner.updateStoreSettings({ returnDays: 10 })).status).toBe(200);
    app.services.settings.forget();
    // The return policy and the FAQ say the owner's days (the seller's details every page loads).
    expect((await api.sellerDetails()).body.data.returnDays).toBe(10);
    expect((await asked(shopper, orderId, items[0]!.id)).status).toBe(200);
  });

  it("refused by staff with a reason the shopper reads on her ticket, and then not received", async () => {
    const { shopper, orderId, items } = await deliveredPaidOrder();
    const { id, ticketNumber } = (await asked(shopper, orderId, items[0]!.id)).body.data;
    const short = await staff.refuseReturn({ returnId: id, reason: "No." });
    expect(short.status).toBe(400);
    const reason = "The photo shows a stain from use, not a defect of the fabric.";
    const refused = (await staff.refuseReturn({ returnId: id, reason })).body.data;
    expect(refused).toMatchObject({ state: "refused", refusal: reason });
    const ticket = await ticketOf(ticketNumber);
    expect(ticket.status).toBe("resolved");
    expect(ticket.messages.at(-1)!.text).toBe(`Your return ${id} is refused: ${reason}`);
    expect((await lastMailTo(app, shopper.email))!.text).toContain(reason);
    expect((await staff.receiveReturn({ returnId: id })).error.message).toBe(M.notApproved);
    expect((await staff.approveReturn({ returnId: id })).error.message).toBe(M.notRequested);
    expect(await refundsOf(app, orderId)).toEqual([]);
    // Shoppers cannot answer returns.
    expect((await api.as(shopper.token).approveReturn({ returnId: id })).status).toBe(403);
  });
});

async function ticketsOfOrder(orderId: string) {
  return (await app.services.db.select().from(grievances).where(eq(grievances.orderPublicId, orderId)))
    .length;
}

describe("a return of a cash order", () => {
  it("asks where to refund; refunded by transfer for every piece with the delivery charge, never more than paid, her account erased after", async () => {
    const shopper = await shopperWithAddress(app);
    const placed = await placeOrder(app, shopper.token, {
      items: [{ id: dupatta, size: "M", quantity: 1 }],
      addressId: shopper.addressId,
      paymentMethod: "COD",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    expect((await api.as(shopper.token).confirmCod({ orderId })).status).toBe(200);
    await deliver(orderId);
    const order = await orderOf(app, orderId);
    // ₹799 and ₹99 of delivery, paid in cash at the door.
    expect(order).toMatchObject({ totalPaise: 89_800, paymentStatus: "Success" });
    const [line] = await itemsOf(shopper, orderId);

    const without = await asked(shopper, orderId, line!.id);
    expect(without.status).toBe(400);
    expect(without.error.errors).toEqual({ refundTo: M.refundToRequired });
    const badUpi = await asked(
      shopper,
      orderId,
      line!.id,
      malformed({ refundTo: { upiId: "meera" } }) as never,
    );
    expect(badUpi.status).toBe(400);
    const { id } = (await asked(shopper, orderId, line!.id, { refundTo: { upiId: "meera.iyer@okicici" } }))
      .body.data;
    expect((await staff.approveReturn({ returnId: id })).status).toBe(200);
    const received = (await staff.receiveReturn({ returnId: id })).body.data;
    // Every piece back: the delivery charge too, exactly what was paid.
    expect(received).toMatchObject({
      state: "received",
      refund: 898,
      refundTo: { upiId: "meera.iyer@okicici" },
    });
    const [note] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(and(eq(gstDocuments.orderId, order.id), isNotNull(gstDocuments.returnId)));
    expect(note!.totalPaise).toBe(89_800);
    expect(note!.lines.map((l) => l.description)).toEqual(["Zari Border Dupatta", "Delivery charge"]);

    // While her refund is owed, her account stays (decision 045).
    const deletion = await api.as(shopper.token).requestAccountDeletion();
    expect(deletion.status).toBe(409);
    expect(deletion.error.message).toContain(orderId);

    expect((await staff.returnRefunded({ returnId: id, reference: "x" })).status).toBe(400);
    const refunded = (await staff.returnRefunded({ returnId: id, reference: "UTR4455667788" })).body.data;
    expect(refunded).toMatchObject({ state: "refunded", refundTo: null, refundReference: "UTR4455667788" });
    expect((await lastMailTo(app, shopper.email))!.text).toContain("reference UTR4455667788");
    expect((await api.as(shopper.token).requestAccountDeletion()).status).toBe(200);
  });
});
