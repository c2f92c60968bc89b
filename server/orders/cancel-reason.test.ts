import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { CANCEL_REASONS, STAFF_ORDER_MESSAGES } from "../../contract/staff-orders";
import { eq } from "drizzle-orm";
import { outboxEmails } from "../mail/mail.tables";
import { createUserAndLogin } from "../test-support/accounts";
import { malformed } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";

const { app, api } = await startTestApp({}, { listen: true });
let staff: ReturnType<typeof api.as>;
let staffId: number;
let productId: number;

beforeAll(async () => {
  const login = await createUserAndLogin(app, ROLE.admin);
  staff = api.as(login.token);
  staffId = login.id;
  [productId] = (await seedCatalog(app, [
    { name: "Ivory Chikankari Kurta", price: 1899, categoryId: 4, sizes: { M: 20 } },
  ])) as [number];
});

async function paidOrder() {
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [{ id: productId, size: "M", quantity: 1 }]);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  return { ...placed, shopper };
}

describe("a cancellation's reason", () => {
  it.each([
    [{ status: "Cancelled" }, "cancelReason", STAFF_ORDER_MESSAGES.cancelReason],
    [{ status: "Cancelled", cancelReason: "bored" }, "cancelReason", STAFF_ORDER_MESSAGES.cancelReason],
    [{ status: "Cancelled", cancelReason: "other" }, "cancelNote", STAFF_ORDER_MESSAGES.cancelNote],
    [
      { status: "Cancelled", cancelReason: "other", cancelNote: "   " },
      "cancelNote",
      STAFF_ORDER_MESSAGES.cancelNote,
    ],
    [
      { status: "Cancelled", cancelReason: "other", cancelNote: "x".repeat(301) },
      "cancelNote",
      "The reason must be at most 300 characters.",
    ],
    [
      { status: "Shipped", cancelReason: "out-of-stock" },
      "cancelReason",
      STAFF_ORDER_MESSAGES.reasonOnlyWhenCancelling,
    ],
  ])(
    "is checked: %o is refused with a 400 naming the field, and nothing changes",
    async (body, field, message) => {
      const placed = await paidOrder();
      const before = (await historyOf(app, placed.orderId)).length;
      const answer = await staff.updateOrderStatus(malformed({ orderId: placed.orderId, ...body }));
      expect(answer.status).toBe(400);
      expect(answer.error.errors).toMatchObject({ [field]: message });
      expect(await orderOf(app, placed.orderId)).toMatchObject({ status: "Processing", cancelReason: null });
      expect(await historyOf(app, placed.orderId)).toHaveLength(before);
    },
  );

  it("chosen, with a note, is kept in the history and told to the shopper on her order, her list and the mail", async () => {
    const placed = await paidOrder();
    const told = `${CANCEL_REASONS["cannot-deliver"].shopper} The courier does not reach PIN 500034 yet.`;
    const answer = await staff.updateOrderStatus({
      orderId: placed.orderId,
      status: "Cancelled",
      cancelReason: "cannot-deliver",
      cancelNote: "The courier does not reach PIN 500034 yet.",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.order).toMatchObject({ orderStatus: "Cancelled", cancelReason: told });

    const event = (await historyOf(app, placed.orderId)).find(
      (e) => e.subject === "order" && e.to === "Cancelled",
    );
    expect(event).toMatchObject({
      actor: `staff:${staffId}`,
      from: "Processing",
      note: `cancelled by staff; the shopper is told: ${told}`,
      details: { reason: "cannot-deliver", note: "The courier does not reach PIN 500034 yet." },
    });

    const shopper = api.as(placed.shopper.token);
    expect((await shopper.getOrder({ id: placed.orderId })).body.data.cancelReason).toBe(told);
    const mine = (await shopper.myOrders()).body.data.find((o) => o.orderId === placed.orderId);
    expect(mine?.cancelReason).toBe(told);
    const mail = (
      await app.services.db.select().from(outboxEmails).where(eq(outboxEmails.to, placed.shopper.email))
    ).find((sent) => sent.subject.includes("cancelled"));
    expect(mail!.text).toContain(`Reason: ${told}`);
    expect(mail!.html).toContain("The courier does not reach PIN 500034 yet.");

    // Cancelling again is refused and changes nothing.
    const again = await staff.updateOrderStatus({
      orderId: placed.orderId,
      status: "Cancelled",
      cancelReason: "other",
      cancelNote: "Second thoughts",
    });
    expect(again.status).toBe(409);
    expect((await orderOf(app, placed.orderId)).cancelReason).toBe(told);
  });

  it("written ('other') is the reason itself; an order not cancelled by staff has none", async () => {
    const placed = await paidOrder();
    const answer = await staff.updateOrderStatus({
      orderId: placed.orderId,
      status: "Cancelled",
      cancelReason: "other",
      cancelNote: "  The festival rush means we cannot stitch it in time.  ",
    });
    expect(answer.body.data.order.cancelReason).toBe("The festival rush means we cannot stitch it in time.");

    const other = await paidOrder();
    expect(
      (await api.as(other.shopper.token).getOrder({ id: other.orderId })).body.data.cancelReason,
    ).toBeNull();
  });
});
