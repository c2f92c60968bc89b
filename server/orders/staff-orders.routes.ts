import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderIdQuery } from "../../contract/orders";
import {
  adminOrdersQuery,
  adminOrdersResponse,
  dashboardResponse,
  STAFF_ORDER_MESSAGES,
  staffOrderDetailsResponse,
  updateOrderStatusRequest,
  updateOrderStatusResponse,
} from "../../contract/staff-orders";
import type { AuthGuard } from "../auth/auth-guard";
import type { DashboardService } from "./dashboard";
import type { OrdersService } from "./orders.service";
import type { StaffOrders } from "./staff-orders";

type Options = {
  orders: OrdersService;
  staffOrders: StaffOrders;
  dashboard: DashboardService;
  guard: AuthGuard;
};

/** Staff's calls on orders (issue 17): Received Orders, an order's details and status, the dashboard. */
export async function staffOrdersRoutes(
  server: FastifyInstance,
  { orders, staffOrders, dashboard, guard }: Options,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get(
    "/orders/get-admin-orders",
    {
      schema: { tags: ["orders"], querystring: adminOrdersQuery, response: { 200: adminOrdersResponse } },
      onRequest: guard.requireStaff,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { orders: found, total } = await orders.listForStaff(request.query);
      return {
        code: 200,
        message: "Orders fetched successfully",
        data: found,
        pagination: { page, limit, total },
      };
    },
  );

  app.get(
    "/orders/get-order-details",
    {
      schema: { tags: ["orders"], querystring: orderIdQuery, response: { 200: staffOrderDetailsResponse } },
      onRequest: guard.requireStaff,
    },
    async (request) => ({
      code: 200,
      message: "Order fetched successfully",
      data: await staffOrders.details(request.query.id),
    }),
  );

  app.post(
    "/orders/update-order-status",
    {
      schema: {
        tags: ["orders"],
        body: updateOrderStatusRequest,
        response: { 200: updateOrderStatusResponse },
      },
      onRequest: guard.requireStaff,
    },
    async (request) => ({
      code: 200,
      message: STAFF_ORDER_MESSAGES.updated(request.body.status),
      data: await staffOrders.updateStatus(request.user!.userId, request.body),
    }),
  );

  app.get(
    "/admin/dashboard",
    {
      schema: { tags: ["orders"], response: { 200: dashboardResponse } },
      onRequest: guard.requireStaff,
    },
    async () => ({ code: 200, message: "Dashboard fetched successfully", data: await dashboard.numbers() }),
  );
}
