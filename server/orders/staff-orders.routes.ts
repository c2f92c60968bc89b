import type { FastifyInstance } from "fastify";
import {
  adminOrdersCall,
  dashboardCall,
  lowStockCall,
  markRefundPaidCall,
  markTailoringDoneCall,
  orderDetailsCall,
  retryRefundCall,
  STAFF_ORDER_MESSAGES,
  updateOrderStatusCall,
  updateTrackingCall,
} from "../../contract/staff-orders";
import { TRACKING_MESSAGES } from "../../contract/couriers";
import { TAILORING_MESSAGES } from "../../contract/tailoring-rules";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { DashboardService } from "./dashboard";
import type { StaffOrderList } from "./staff-order-list";
import type { StaffOrders } from "./staff-orders";

type Options = {
  calls: Calls;
  orderList: StaffOrderList;
  staffOrders: StaffOrders;
  dashboard: DashboardService;
  guard: SessionGuard;
};

/** Staff's calls on orders (issue 17): Received Orders, an order's details and status, the dashboard. */
export async function staffOrdersRoutes(
  app: FastifyInstance,
  { calls, orderList, staffOrders, dashboard, guard }: Options,
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  const onRequest = [guard.requireStaff];

  calls.serve(app, adminOrdersCall, {
    onRequest,
    handler: async (query) => {
      const { page, limit } = query;
      const { orders: found, total } = await orderList.list(query);
      return {
        code: 200,
        message: "Orders fetched successfully",
        data: found,
        pagination: { page, limit, total },
      };
    },
  });

  calls.serve(app, orderDetailsCall, {
    onRequest,
    handler: async (query) => ({
      code: 200,
      message: "Order fetched successfully",
      data: await staffOrders.details(query.id),
    }),
  });

  calls.serve(app, updateOrderStatusCall, {
    onRequest,
    handler: async (change, { request }) => ({
      code: 200,
      message: STAFF_ORDER_MESSAGES.updated(change.status),
      data: await staffOrders.updateStatus(request.user!.userId, change),
    }),
  });

  calls.serve(app, updateTrackingCall, {
    onRequest,
    handler: async (change, { request }) => ({
      code: 200,
      message: TRACKING_MESSAGES.corrected,
      data: await staffOrders.correctTracking(request.user!.userId, change),
    }),
  });

  calls.serve(app, markTailoringDoneCall, {
    onRequest,
    handler: async (request, { request: http }) => ({
      code: 200,
      message: TAILORING_MESSAGES.done,
      data: await staffOrders.markTailoringDone(http.user!.userId, request),
    }),
  });

  calls.serve(app, lowStockCall, {
    onRequest,
    handler: async ({ page, limit }) => {
      const { lines, total } = await dashboard.lowStock(page, limit);
      return {
        code: 200,
        message: "Low stock fetched successfully",
        data: lines,
        pagination: { page, limit, total },
      };
    },
  });

  calls.serve(app, retryRefundCall, {
    onRequest,
    handler: async (request, { request: http }) => ({
      code: 200,
      message: STAFF_ORDER_MESSAGES.refundAskedAgain,
      data: await staffOrders.retryRefund(http.user!.userId, request),
    }),
  });

  calls.serve(app, markRefundPaidCall, {
    onRequest,
    handler: async (request, { request: http }) => ({
      code: 200,
      message: STAFF_ORDER_MESSAGES.refundPaidAnotherWay,
      data: await staffOrders.markRefundPaid(http.user!.userId, request),
    }),
  });

  calls.serve(app, dashboardCall, {
    onRequest,
    handler: async () => ({
      code: 200,
      message: "Dashboard fetched successfully",
      data: await dashboard.numbers(),
    }),
  });
}
