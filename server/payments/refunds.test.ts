import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin, lastMailTo, mailCount } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  placedOrder,
  reconcileNow,
  refundsOf,
  shopperWithAddress,
} from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";
import type { SandboxRefundOutcome } from "./phonepe-sandbox";
import { refunds } from "./payments.tables";
import { REFUND_CHECK_DAYS, refundCheckDelaySeconds } from "./refunds";

const { app, api } = await startTestApp({}, { listen: true });
const staff = await createUserAndLogin(app, ROLE.admin);
// STORE_EMAIL's default: the shop's own inbox.
const shop = "care@rangoli.example";

/** A paid order of ₹4,998 whose refunds PhonePe's sandbox treats as `outcome` says, cancelled by staff. */
async function cancelledPaidOrder(outcome: SandboxRefundOutcome) {
  const [id] = await seedCatalog(app, [{ name: "Peacock Silk Saree", price: 2499, categoryId: 1 }]);
  const shopper = await shopperWithAddress(app);
  const { orderId, merchantOrderId } = await placedOrder(app, shopper, [{ id: id!, size: "M", quantity: 2 }]);
  await decide(app, merchantOrderId, "approve", { refunds: outcome });
  await reconcileNow(app);
  const cancelled = await api.as(staff.token).updateOrderStatus({
    orderId,
    status: "Cancelled",
    cancelReason: "out-of-stock",
  });
  expect(cancelled.status).toBe(200);
  return { orderId, merchantOrderId, merchantRefundId: `${merchantOrderId}-R1` };
}

const details = async (orderId: string) =>
  (await api.as(staff.token).orderDetails({ id: orderId })).body.data;

const refundEvents = async (orderId: string) =>
  (await historyOf(app, orderId))
    .filter((event) => event.subject === "refund")
    .map((event) => `${event.from ?? ""}->${event.to}`);

/** Runs the reconciler `times` times with every refund due, as if time had passed between the passes. */
async function passes(times: number) {
  for (let i = 0; i < times; i++) await reconcileNow(app);
}

describe("a refund PhonePe refuses", () => {
  it("fails once with PhonePe's reason: the retries stop, staff see it needs them, the shop is mailed", async () => {
    const mailsBefore = await mailCount(app, shop);
    const { orderId, merchantRefundId } = await cancelledPaidOrder("refuse");
    await passes(3);

    const [refund] = await refundsOf(app, orderId);
    expect(refund).toMatchObject({ state: "FAILED", failure: "refused", resolvedAt: null });
    expect(refund!.failureReason).toContain("REFUND_DECLINED");
    // Asked once: later passes left it alone.
    expect(refund!.checks).toBe(1);
    const order = await orderOf(app, orderId);
    expect(order.paymentStatus).toBe("Refund Pending");
    expect(order.refundAttentionSince).not.toBeNull();
    expect(await refundEvents(orderId)).toEqual(["->requested", "created->failed"]);

    expect(await mailCount(app, shop)).toBe(mailsBefore + 1);
    const mail = await lastMailTo(app, shop);
    expect(mail!.subject).toContain(`refund for order ${orderId} needs you`);
    expect(mail!.text).toContain("PhonePe refused the refund of ₹4,998");
    expect(mail!.text).toContain("REFUND_DECLINED");
    expect(mail!.text).toContain(`/orders/${orderId}`);

    expect((await details(orderId)).refunds).toEqual([
      expect.objectContaining({
        merchantRefundId,
        state: "FAILED",
        needsAttention: true,
        failure: "refused",
        failureReason: expect.stringContaining("REFUND_DECLINED"),
        resolution: null,
      }),
    ]);
    const listed = await api.as(staff.token).adminOrders({ attention: "refund", limit: 50 });
    expect(listed.body.data.map((row) => row.orderId)).toContain(orderId);
    expect(listed.body.data.every((row) => row.refundNeedsAttention)).toBe(true);
    const dashboard = (await api.as(staff.token).dashboard()).body.data.refundsNeedingAttention;
    expect(dashboard.orders).toContainEqual(
      expect.objectContaining({ orderId, amount: 4998, failureReason: expect.stringContaining("REFUND") }),
    );
    expect(dashboard.total).toBeGreaterThanOrEqual(1);
  });

  it("fails with PhonePe's codes when PhonePe accepts it and then reports it FAILED", async () => {
    const { orderId } = await cancelledPaidOrder("fail");
    await passes(3);
    const [refund] = await refundsOf(app, orderId);
    expect(refund).toMatchObject({
      state: "FAILED",
      failure: "refused",
      failureReason: "REFUND_FAILED: SANDBOX_BANK_DECLINED",
    });
    expect(await refundEvents(orderId)).toEqual(["->requested", "->pending", "pending->failed"]);
  });

  it("staff ask again under a new id: the failed one is closed, the new one completes and the order is Refunded", async () => {
    const { orderId, merchantOrderId, merchantRefundId } = await cancelledPaidOrder("refuse");
    await passes(1);
    await app.services.phonePeSandbox!.setRefundOutcome(merchantOrderId, "complete");

    const retried = await api.as(staff.token).retryRefund({ orderId, merchantRefundId });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe("PhonePe has been asked again.");
    expect(retried.body.data.refunds).toEqual([
      expect.objectContaining({
        merchantRefundId,
        needsAttention: false,
        resolution: "retried",
        resolutionNote: `${merchantOrderId}-R2`,
      }),
      expect.objectContaining({ merchantRefundId: `${merchantOrderId}-R2`, state: "CREATED" }),
    ]);
    expect((await orderOf(app, orderId)).refundAttentionSince).toBeNull();
    // The same click again changes nothing.
    const again = await api.as(staff.token).retryRefund({ orderId, merchantRefundId });
    expect(again.status).toBe(409);
    expect(await refundsOf(app, orderId)).toHaveLength(2);

    await passes(2);
    expect((await refundsOf(app, orderId)).map((refund) => refund.state)).toEqual(["FAILED", "COMPLETED"]);
    expect((await orderOf(app, orderId)).paymentStatus).toBe("Refunded");
  });

  it("staff who sent the money by bank transfer mark it paid with its reference; once", async () => {
    const { orderId, merchantRefundId } = await cancelledPaidOrder("refuse");
    await passes(1);
    const owner = api.as(staff.token);

    const noNote = await owner.markRefundPaid({ orderId, merchantRefundId, note: "  " });
    expect(noNote.status).toBe(400);
    const unknown = await owner.markRefundPaid({ orderId, merchantRefundId: "nope-R1", note: "NEFT" });
    expect(unknown.status).toBe(404);
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect(
      (await api.as(shopper.token).markRefundPaid({ orderId, merchantRefundId, note: "NEFT" })).status,
    ).toBe(403);

    const marked = await owner.markRefundPaid({ orderId, merchantRefundId, note: "NEFT ref N12345678" });
    expect(marked.status).toBe(200);
    expect(marked.body.data.refunds[0]).toMatchObject({
      state: "FAILED",
      needsAttention: false,
      resolution: "paid-another-way",
      resolutionNote: "NEFT ref N12345678",
    });
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ paymentStatus: "Refunded", refundAttentionSince: null });
    expect((await historyOf(app, orderId)).at(-1)).toMatchObject({
      actor: `staff:${staff.id}`,
      subject: "refund",
      to: "completed",
      note: `${merchantRefundId} paid another way: NEFT ref N12345678`,
    });
    const twice = await owner.markRefundPaid({ orderId, merchantRefundId, note: "NEFT ref N12345678" });
    expect(twice.status).toBe(409);
    expect(
      (await owner.adminOrders({ attention: "refund", limit: 50 })).body.data.map((o) => o.orderId),
    ).not.toContain(orderId);
  });
});

describe("a refund PhonePe keeps pending", () => {
  it("is asked about less and less often, then, after its bound, needs staff too", async () => {
    const { orderId, merchantRefundId } = await cancelledPaidOrder("pending");
    await passes(1);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [refund] = await refundsOf(app, orderId);
      expect(refund!.state).toBe("PENDING");
      waits.push(Math.round((refund!.nextCheckAt.getTime() - Date.now()) / 60_000));
      await passes(1);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(await refundEvents(orderId)).toEqual(["->requested", "->pending"]);

    // Time passes beyond the bound: the next answer, still PENDING, ends the asking.
    await app.services.db
      .update(refunds)
      .set({ checkUntil: sql`now() - interval '1 second'` })
      .where(eq(refunds.merchantRefundId, merchantRefundId));
    await passes(2);
    const [refund] = await refundsOf(app, orderId);
    expect(refund).toMatchObject({ state: "FAILED", failure: "no-answer" });
    expect(refund!.failureReason).toBe(`after ${REFUND_CHECK_DAYS} days, PhonePe still had it PENDING`);
    expect((await orderOf(app, orderId)).refundAttentionSince).not.toBeNull();
    expect((await lastMailTo(app, shop))!.text).toContain(
      `PhonePe had not completed the refund of ₹4,998 for order ${orderId}`,
    );

    // Asked again, the same refund is followed for another bound (a new one could pay the shopper twice).
    const retried = await api.as(staff.token).retryRefund({ orderId, merchantRefundId });
    expect(retried.body.data.refunds).toEqual([
      expect.objectContaining({ merchantRefundId, state: "PENDING", needsAttention: false }),
    ]);
    const [reopened] = await refundsOf(app, orderId);
    expect(reopened!.checkUntil.getTime()).toBeGreaterThan(Date.now() + (REFUND_CHECK_DAYS - 1) * 86_400_000);
    await app.services.phonePeSandbox!.setRefundOutcome(merchantRefundId.replace(/-R1$/, ""), "complete");
    await passes(1);
    expect((await refundsOf(app, orderId))[0]!.state).toBe("COMPLETED");
    expect(await orderOf(app, orderId)).toMatchObject({
      paymentStatus: "Refunded",
      refundAttentionSince: null,
    });
  });

  it("backs off from a minute, doubling, to at most six hours", () => {
    expect([1, 2, 3, 4, 9, 10, 50].map(refundCheckDelaySeconds)).toEqual([
      60, 120, 240, 480, 15_360, 21_600, 21_600,
    ]);
  });
});
