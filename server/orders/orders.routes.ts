import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponse } from "../../contract/envelope";
import {
  orderIdQuery,
  orderIdRequest,
  orderResponse,
  ordersResponse,
  orderStatusResponse,
  placeOrderRequest,
  placeOrderResponse,
  priceCartRequest,
  priceCartResponse,
} from "../../contract/orders";
import type { CatalogService } from "../catalog/catalog.service";
import { priceCart } from "./price-cart";
import { STAFF_ROLES } from "../../contract/users-rules";
import type { AuthenticatedUser } from "../auth/sessions";
import type { AuthGuard } from "../auth/auth-guard";
import type { PaymentsService } from "../payments/payments.service";
import type { OrdersService } from "./orders.service";
import type { PlaceOrder } from "./place-order";

type Options = {
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  placeOrder: PlaceOrder;
  guard: AuthGuard;
};

/** A checkout attempt's key: a client-made random string, sent again with a retried Place Order. */
const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\w-]{8,100}$/, { error: "The Idempotency-Key header must be 8-100 letters, digits, - or _." })
    .optional(),
});

const viewerOf = (user: AuthenticatedUser) => ({
  userId: user.userId,
  staff: STAFF_ROLES.includes(user.roleId),
});

export async function ordersRoutes(
  server: FastifyInstance,
  { catalog, orders, payments, placeOrder, guard }: Options,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // Orders are personal: never kept by a browser's or a proxy's cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.post(
    "/orders/place-order",
    {
      schema: {
        tags: ["orders"],
        headers: idempotencyHeaders,
        body: placeOrderRequest,
        response: { 200: placeOrderResponse },
      },
      onRequest: guard.requireUser,
    },
    async (request) => {
      const placed = await placeOrder(
        request.user!,
        request.body,
        request.headers["idempotency-key"] ?? null,
      );
      return {
        code: 200,
        message: "Order placed. Complete the payment to confirm it.",
        data: { orderId: placed.orderId, phonePe: { checkoutUrl: placed.checkoutUrl } },
      };
    },
  );

  // Open to guests too: it says only what the catalog already shows.
  app.post(
    "/orders/price-cart",
    { schema: { tags: ["orders"], body: priceCartRequest, response: { 200: priceCartResponse } } },
    async (request) => ({
      code: 200,
      message: "Bag priced",
      data: await priceCart(catalog, request.body.items),
    }),
  );

  app.get(
    "/orders/my-orders",
    { schema: { tags: ["orders"], response: { 200: ordersResponse } }, onRequest: guard.requireUser },
    async (request) => ({
      code: 200,
      message: "Orders fetched successfully",
      data: await orders.listForUser(request.user!.userId),
    }),
  );

  app.get(
    "/orders/get-order",
    {
      schema: { tags: ["orders"], querystring: orderIdQuery, response: { 200: orderResponse } },
      onRequest: guard.requireUser,
    },
    async (request) => ({
      code: 200,
      message: "Order fetched successfully",
      data: await orders.getVisible(request.query.id, viewerOf(request.user!)),
    }),
  );

  // The spec's two status calls: the payment callback's poll and the order card's refresh icon. Both check
  // an unsettled payment with PhonePe first, so the answer never rests on the browser's redirect.
  for (const url of ["/orders/get-order-status", "/phonepe/get-order-status"])
    app.post(
      url,
      {
        schema: { tags: ["orders"], body: orderIdRequest, response: { 200: orderStatusResponse } },
        onRequest: guard.requireUser,
      },
      async (request) => {
        const viewer = viewerOf(request.user!);
        const found = await orders.findVisible(request.body.orderId, viewer);
        await payments.refreshForShopper(found.id);
        const order = await orders.findVisible(request.body.orderId, viewer);
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
    );

  // PhonePe's server-to-server callback. Its body is not signed, only its Authorization header: it is read
  // leniently (PhonePe adds fields) and only prompts a check with PhonePe's Order Status.
  app.post(
    "/phonepe/webhook",
    { schema: { tags: ["payments"], body: z.unknown(), response: { 200: messageResponse } } },
    async (request) => {
      await payments.receiveWebhook(request.headers.authorization, request.body);
      return { code: 200, message: "Received", data: null };
    },
  );
}
