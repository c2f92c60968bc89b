import type { FastifyInstance } from "fastify";
import {
  getOrderCall,
  getOrderStatusCall,
  myOrdersCall,
  placeOrderCall,
  priceCartCall,
  refreshOrderStatusCall,
} from "../../contract/orders";
import type { CatalogService } from "../catalog/catalog.service";
import { priceCart } from "./price-cart";
import { STAFF_ROLES } from "../../contract/accounts-rules";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { PaymentsService } from "../payments/payments.service";
import type { OrdersService } from "./orders.service";
import type { PlaceOrder } from "./place-order";

type Options = {
  calls: Calls;
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  placeOrder: PlaceOrder;
  guard: SessionGuard;
};

const viewerOf = (user: AuthenticatedUser) => ({
  userId: user.userId,
  staff: STAFF_ROLES.includes(user.roleId),
});

export async function ordersRoutes(
  app: FastifyInstance,
  { calls, catalog, orders, payments, placeOrder, guard }: Options,
) {
  // Orders are personal: never kept by a browser's or a proxy's cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  calls.serve(app, placeOrderCall, {
    onRequest: [guard.requireUser],
    handler: async (order, { request, headers }) => {
      const placed = await placeOrder(request.user!, order, headers["idempotency-key"] ?? null);
      return {
        code: 200,
        message: "Order placed. Complete the payment to confirm it.",
        data: { orderId: placed.orderId, phonePe: { checkoutUrl: placed.checkoutUrl } },
      };
    },
  });

  // Open to guests too: it says only what the catalog already shows.
  calls.serve(app, priceCartCall, {
    handler: async ({ items }) => ({
      code: 200,
      message: "Bag priced",
      data: await priceCart(catalog, items),
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
        return {
          code: 200,
          message: "Order status fetched successfully",
          data: {
            orderId: order.publicId,
            orderStatus: order.status,
            paymentMethod: order.paymentMethod,
            paymentStatus: order.paymentStatus,
          },
        };
      },
    });
}
