import type { FastifyInstance } from "fastify";
import {
  cancelOrderCall,
  getOrderCall,
  getOrderStatusCall,
  myOrdersCall,
  ORDER_MESSAGES,
  payAgainCall,
  placeOrderCall,
  priceCartCall,
  refreshOrderStatusCall,
} from "../../contract/orders";
import type { CatalogService } from "../catalog/catalog.service";
import { priceCart } from "./price-cart";
import { deliveryRuleCall } from "../../contract/delivery";
import type { DeliveryCharges } from "./delivery-charge";
import type { GstIncluded } from "../gst/gst-included";
import { STAFF_ROLES } from "../../contract/accounts-rules";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { tooManyRequests } from "../lib/errors";
import { rateLimitCheck, waitText, type AttemptCounts } from "../lib/rate-limits";
import type { OrderHoldSettings } from "../config";
import type { PayAgain } from "../payments/pay-again";
import type { PaymentsService } from "../payments/payments.service";
import type { OrderHolds } from "./order-holds";
import type { OrdersService } from "./orders.service";
import type { OrderRow } from "./orders.tables";
import type { PlaceOrder } from "./place-order";
import type { ShopperCancel } from "./shopper-cancel";
import type { PaymentMethod } from "../payments/payment-method";

type Options = {
  calls: Calls;
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  placeOrder: PlaceOrder;
  payAgain: PayAgain;
  cancelOrder: ShopperCancel;
  holds: OrderHolds;
  delivery: DeliveryCharges;
  /** The ways to pay, as Place Order has them: the bag is priced with what the chosen one adds. */
  paymentMethods: Readonly<Record<string, Pick<PaymentMethod, "charges">>>;
  gstIncluded: GstIncluded;
  limits: OrderHoldSettings;
  attempts: AttemptCounts;
  guard: SessionGuard;
};

/** Place Order is counted per 15 minutes (decision 035). */
const PLACE_ORDER_WINDOW_MS = 15 * 60_000;

/** An order's status as the shopper's status calls answer it. */
export const statusView = (order: OrderRow) => ({
  orderId: order.publicId,
  orderStatus: order.status,
  paymentMethod: order.paymentMethod,
  paymentStatus: order.paymentStatus,
});

const viewerOf = (user: AuthenticatedUser) => ({
  userId: user.userId,
  staff: STAFF_ROLES.includes(user.roleId),
});

export async function ordersRoutes(
  app: FastifyInstance,
  {
    calls,
    catalog,
    orders,
    payments,
    placeOrder,
    payAgain,
    cancelOrder,
    holds,
    delivery,
    paymentMethods,
    gstIncluded,
    limits,
    attempts,
    guard,
  }: Options,
) {
  // Orders are personal: never kept by a browser's or a proxy's cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  const tooManyOrders = (seconds: number) => tooManyRequests(ORDER_MESSAGES.tooManyOrders(waitText(seconds)));
  const placeOrdersPerAddress = rateLimitCheck(
    attempts,
    "place-order:ip",
    { max: limits.placeOrdersPerAddress, windowMs: PLACE_ORDER_WINDOW_MS },
    { refusal: tooManyOrders },
  );
  const placeOrdersPerAccount = rateLimitCheck(
    attempts,
    "place-order:account",
    { max: limits.placeOrdersPerAccount, windowMs: PLACE_ORDER_WINDOW_MS },
    { keyOf: (request) => String(request.user!.userId), refusal: tooManyOrders },
  );

  calls.serve(app, placeOrderCall, {
    onRequest: [guard.requireUser, (request, reply) => placeOrdersPerAddress(request, reply, undefined)],
    preHandler: [placeOrdersPerAccount],
    handler: async (order, { request, headers }) => {
      const placed = await placeOrder(request.user!, order, headers["idempotency-key"] ?? null, request.ip);
      return {
        code: 200,
        message: "Order placed. Complete the payment to confirm it.",
        data: { orderId: placed.orderId, phonePe: { checkoutUrl: placed.checkoutUrl } },
      };
    },
  });

  // Pay now: a new attempt on an order awaiting payment, on the stock it holds.
  calls.serve(app, payAgainCall, {
    onRequest: [guard.requireUser],
    handler: async (body, { request }) => {
      const placed = await payAgain(request.user!, body);
      return {
        code: 200,
        message: "Complete the payment to confirm your order.",
        data: { orderId: placed.orderId, phonePe: { checkoutUrl: placed.checkoutUrl } },
      };
    },
  });

  calls.serve(app, cancelOrderCall, {
    onRequest: [guard.requireUser],
    handler: async ({ orderId }, { request }) => ({
      code: 200,
      message: "Order cancelled. Its pieces are back on sale.",
      data: statusView(await cancelOrder(request.user!, orderId)),
    }),
  });

  // Open to guests too: it says only what the catalog already shows, and to a signed-in shopper which lines
  // her own orders awaiting payment hold (her bag offers to resume them instead of saying "sold out").
  calls.serve(app, priceCartCall, {
    handler: async ({ items, paymentMethod }, { request }) => {
      const shopper = await guard.identify(request, { writes: false });
      const held = shopper ? await holds.awaitingLines(shopper.user.userId) : [];
      const chargesFor = paymentMethods[paymentMethod?.toLowerCase() ?? ""]?.charges;
      const priced = await priceCart(catalog, items, await delivery.rule(), gstIncluded, held, chargesFor);
      return { code: 200, message: "Bag priced", data: priced };
    },
  });

  // The delivery charge's rule as it stands, for the product page, the bag and the policy pages.
  calls.serve(app, deliveryRuleCall, {
    handler: async () => ({
      code: 200,
      message: "Delivery charge",
      data: await delivery.ruleInRupees(),
    }),
  });

  calls.serve(app, myOrdersCall, {
    onRequest: [guard.requireUser],
    handler: async (_input, { request }) => ({
      code: 200,
      message: "Orders fetched successfully",
      data: await orders.listForUser(request.user!.userId),
    }),
  });

  calls.serve(app, getOrderCall, {
    onRequest: [guard.requireUser],
    handler: async (query, { request }) => ({
      code: 200,
      message: "Order fetched successfully",
      data: await orders.getVisible(query.id, viewerOf(request.user!)),
    }),
  });

  // The spec's two status calls: the payment callback's poll and the order card's refresh icon. Both check
  // an unsettled payment with PhonePe first, so the answer never rests on the browser's redirect.
  for (const call of [getOrderStatusCall, refreshOrderStatusCall])
    calls.serve(app, call, {
      onRequest: [guard.requireUser],
      handler: async ({ orderId }, { request }) => {
        const viewer = viewerOf(request.user!);
        const found = await orders.findVisible(orderId, viewer);
        await payments.refreshForShopper(found.id);
        const order = await orders.findVisible(orderId, viewer);
        return { code: 200, message: "Order status fetched successfully", data: statusView(order) };
      },
    });
}
