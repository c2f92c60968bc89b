import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { TRACKING_MESSAGES } from "../../contract/couriers";
import { malformed, type TestApi } from "../test-support/api-client";
import { createUserAndLogin, lastMailTo, mailCount } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: ReturnType<TestApi["as"]>;
let staffId: number;
let productId: number;

beforeAll(async () => {
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  const login = await createUserAndLogin(app, ROLE.admin);
  staff = api.as(login.token);
  staffId = login.id;
  [productId] = (await seedCatalog(app, [
    { name: "Indigo Block-print Kurti", price: 2199, categoryId: 4, sizes: { M: 100 } },
  ])) as [number];
});
afterAll(() => close());

async function paidOrder() {
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [{ id: productId, size: "M", quantity: 1 }]);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  return { shopper, orderId: placed.orderId };
}

const ship = (orderId: string, shipment: Record<string, string>) =>
  staff.updateOrderStatus(malformed({ orderId, status: "Shipped", ...shipment }));

describe("shipping with a courier from the list", () => {
  it("keeps the courier and number, and the shopper's order and mail link the courier's tracking page", async () => {
    const { shopper, orderId } = await paidOrder();
    const shipped = await ship(orderId, { courier: "bluedart", trackingNumber: " 12345678901 " });
    expect(shipped.status).toBe(200);
    const order = (await api.as(shopper.token).getOrder({ id: orderId })).body.data;
    expect(order.shipment).toMatchObject({
      courier: "bluedart",
      courierName: "Blue Dart",
      trackingNumber: "12345678901",
      trackingLink: {
        url: "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=12345678901",
        withNumber: true,
      },
      deliveredAt: null,
    });
    expect(order.shipment!.shippedAt).not.toBeNull();
    // The card in My Orders carries the same.
    const mine = (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId);
    expect(mine!.shipment).toEqual(order.shipment);
    const mail = (await lastMailTo(app, shopper.email))!;
    expect(mail.text).toContain("Courier: Blue Dart\nTracking number: 12345678901");
    expect(mail.text).toContain(
      "Track your parcel: https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=12345678901",
    );

    expect((await staff.updateOrderStatus({ orderId, status: "Delivered" })).status).toBe(200);
    const delivered = (await api.as(shopper.token).getOrder({ id: orderId })).body.data;
    expect(delivered.orderStatus).toBe("Delivered");
    expect(delivered.shipment!.deliveredAt).not.toBeNull();
  });

  it("links a courier whose page takes no number to its tracking page, and 'Other' to the link staff give", async () => {
    const dtdc = await paidOrder();
    await ship(dtdc.orderId, { courier: "dtdc", trackingNumber: "D12345678" });
    expect((await orderOf(app, dtdc.orderId)).courier).toBe("dtdc");
    expect(
      (await api.as(dtdc.shopper.token).getOrder({ id: dtdc.orderId })).body.data.shipment,
    ).toMatchObject({
      courierName: "DTDC",
      trackingLink: { url: "https://www.dtdc.com/track-your-shipment/", withNumber: false },
    });
    expect((await lastMailTo(app, dtdc.shopper.email))!.text).toContain(
      "Track it on DTDC's page with the tracking number: https://www.dtdc.com/track-your-shipment/",
    );

    const other = await paidOrder();
    const shipped = await ship(other.orderId, {
      courier: "other",
      trackingNumber: "PC-0098812",
      trackingUrl: "https://track.example-courier.in/PC-0098812",
    });
    expect(shipped.status).toBe(200);
    expect(
      (await api.as(other.shopper.token).getOrder({ id: other.orderId })).body.data.shipment,
    ).toMatchObject({
      courierName: "Other",
      trackingNumber: "PC-0098812",
      trackingLink: { url: "https://track.example-courier.in/PC-0098812", withNumber: true },
    });
  });

  it("ships without a courier for a parcel handed over in person", async () => {
    const { shopper, orderId } = await paidOrder();
    expect((await staff.updateOrderStatus({ orderId, status: "Shipped" })).status).toBe(200);
    expect((await api.as(shopper.token).getOrder({ id: orderId })).body.data.shipment).toMatchObject({
      courier: null,
      trackingNumber: null,
      trackingLink: null,
    });
  });

  it.each([
    [{ courier: "bluedart", trackingNumber: "12" }, "trackingNumber", TRACKING_MESSAGES.trackingNumber],
    [
      { courier: "bluedart", trackingNumber: "A".repeat(31) },
      "trackingNumber",
      TRACKING_MESSAGES.trackingNumber,
    ],
    [
      { courier: "bluedart", trackingNumber: "BD 1234 5678" },
      "trackingNumber",
      TRACKING_MESSAGES.trackingNumber,
    ],
    [
      { courier: "bluedart", trackingNumber: "<script>1</script>" },
      "trackingNumber",
      TRACKING_MESSAGES.trackingNumber,
    ],
    [{ courier: "bluedart", trackingNumber: "-1234567" }, "trackingNumber", TRACKING_MESSAGES.trackingNumber],
    [{ courier: "FedEx", trackingNumber: "12345678" }, "courier", TRACKING_MESSAGES.courier],
    [{ trackingNumber: "12345678" }, "courier", TRACKING_MESSAGES.numberWithoutCourier],
    [{ courier: "ekart" }, "trackingNumber", TRACKING_MESSAGES.courierWithoutNumber],
    [{ courier: "other", trackingNumber: "12345678" }, "trackingUrl", TRACKING_MESSAGES.trackingUrl],
    [
      { courier: "other", trackingNumber: "12345678", trackingUrl: "http://track.example.in/1" },
      "trackingUrl",
      TRACKING_MESSAGES.trackingUrl,
    ],
    [
      { courier: "other", trackingNumber: "12345678", trackingUrl: "javascript:alert(1)" },
      "trackingUrl",
      TRACKING_MESSAGES.trackingUrl,
    ],
  ])("refuses %o with 400 and ships nothing", async (shipment, field, message) => {
    const { orderId } = await paidOrder();
    const response = await ship(orderId, shipment);
    expect(response.status).toBe(400);
    expect(response.error.errors?.[field]).toBe(message);
    expect((await orderOf(app, orderId)).status).toBe("Processing");
  });
});

describe("correcting the courier and tracking until delivery", () => {
  it("keeps the correction in the history, from and to, and mails the shopper the corrected details once", async () => {
    const { shopper, orderId } = await paidOrder();
    await ship(orderId, { courier: "bluedart", trackingNumber: "12345678901" });
    const mailsBefore = await mailCount(app, shopper.email);

    const corrected = await staff.updateTracking({
      orderId,
      courier: "delhivery",
      trackingNumber: "1234567890123",
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.message).toBe(TRACKING_MESSAGES.corrected);
    expect(corrected.body.data.order.shipment).toMatchObject({
      courierName: "Delhivery",
      trackingNumber: "1234567890123",
      trackingLink: { url: "https://www.delhivery.com/tracking?trackingId=1234567890123", withNumber: true },
    });
    const events = (await historyOf(app, orderId)).filter((event) => event.subject === "tracking");
    expect(events).toEqual([
      expect.objectContaining({
        actor: `staff:${staffId}`,
        from: "Blue Dart 12345678901",
        to: "Delhivery 1234567890123",
        note: "corrected",
      }),
    ]);
    expect(corrected.body.data.history.at(-1)).toMatchObject({
      subject: "tracking",
      from: "Blue Dart 12345678901",
      to: "Delhivery 1234567890123",
    });
    const mail = (await lastMailTo(app, shopper.email))!;
    expect(mail.subject).toContain(`corrected tracking details for order ${orderId}`);
    expect(mail.text).toContain("Courier: Delhivery\nTracking number: 1234567890123");
    expect(mail.text).toContain("https://www.delhivery.com/tracking?trackingId=1234567890123");
    expect(await mailCount(app, shopper.email)).toBe(mailsBefore + 1);

    // The same details again change nothing and mail nothing.
    const again = await staff.updateTracking({
      orderId,
      courier: "delhivery",
      trackingNumber: "1234567890123",
    });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(TRACKING_MESSAGES.unchanged);
    expect(await mailCount(app, shopper.email)).toBe(mailsBefore + 1);

    // Once delivered, it is refused.
    await staff.updateOrderStatus({ orderId, status: "Delivered" });
    const late = await staff.updateTracking({ orderId, courier: "ekart", trackingNumber: "FMPP0123456789" });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(TRACKING_MESSAGES.notShipped("Delivered"));
    expect((await orderOf(app, orderId)).courier).toBe("delhivery");
  });

  it("is for staff, on a shipped order, with a courier and number", async () => {
    const { shopper, orderId } = await paidOrder();
    const tracking = { orderId, courier: "ekart" as const, trackingNumber: "FMPP0123456789" };
    expect((await api.updateTracking(tracking)).status).toBe(401);
    expect((await api.as(shopper.token).updateTracking(tracking)).status).toBe(403);
    const early = await staff.updateTracking(tracking);
    expect(early.status).toBe(409);
    expect(early.error.message).toBe(TRACKING_MESSAGES.notShipped("Processing"));
    const missing = await staff.updateTracking(malformed({ orderId }));
    expect(missing.status).toBe(400);
    expect(missing.error.errors).toEqual({ courier: TRACKING_MESSAGES.numberWithoutCourier });
    expect((await staff.updateTracking({ ...tracking, orderId: "RBNOSUCHORDER" })).status).toBe(404);
  });
});
