import type { FastifyInstance } from "fastify";
import {
  COD_MESSAGES,
  codLinkCall,
  codOptionCall,
  confirmCodByLinkCall,
  confirmCodCall,
  staffConfirmCodCall,
} from "../../contract/cash-on-delivery";
import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { CodRules } from "../payments/cod-method";
import type { CodConfirmation } from "./cod-confirmation";
import { prepaidDiscountFor } from "./payment-charges";
import type { StaffOrders } from "./staff-orders";
import { statusView } from "./orders.routes";

type Options = {
  calls: Calls;
  codRules: CodRules;
  codConfirmation: CodConfirmation;
  staffOrders: StaffOrders;
  guard: SessionGuard;
};

/** Cash on Delivery's calls (decision 048): whether it is offered, and confirming an order by shopper or staff. */
export async function codRoutes(
  app: FastifyInstance,
  { calls, codRules, codConfirmation, staffOrders, guard }: Options,
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  // Advisory, for the checkout page: Place Order checks the same rules on the bag the server prices.
  calls.serve(app, codOptionCall, {
    onRequest: [guard.requireUser],
    handler: async ({ pincode, subtotal, customised }, { request }) => {
      const reason = await codRules.refusal({
        userId: request.user!.userId,
        subtotalPaise: rupeesToPaise(subtotal ?? 0),
        customised: customised ?? false,
        pincode,
      });
      return {
        code: 200,
        message: reason ?? "Cash on Delivery is available",
        data: {
          offered: reason === null,
          reason,
          fee: paiseToRupees(await codRules.feePaise()),
          prepaidDiscount: paiseToRupees(
            prepaidDiscountFor(rupeesToPaise(subtotal ?? 0), await codRules.prepaidDiscountPaise()),
          ),
        },
      };
    },
  });

  // The mail's one-tap link: the token is the key, no session is asked for.
  calls.serve(app, codLinkCall, {
    handler: async (query) => ({
      code: 200,
      message: "Order fetched successfully",
      data: await codConfirmation.linkView(query),
    }),
  });

  calls.serve(app, confirmCodByLinkCall, {
    handler: async (body) => {
      const { order, confirmed } = await codConfirmation.byLink(body);
      return {
        code: 200,
        message: confirmed ? COD_MESSAGES.confirmed : COD_MESSAGES.alreadyConfirmed,
        data: statusView(order),
      };
    },
  });

  calls.serve(app, confirmCodCall, {
    onRequest: [guard.requireUser],
    handler: async ({ orderId }, { request }) => {
      const { order, confirmed } = await codConfirmation.byShopper(request.user!, orderId);
      return {
        code: 200,
        message: confirmed ? COD_MESSAGES.confirmed : COD_MESSAGES.alreadyConfirmed,
        data: statusView(order),
      };
    },
  });

  calls.serve(app, staffConfirmCodCall, {
    onRequest: [guard.requireStaff],
    handler: async (body, { request }) => {
      const confirmed = await codConfirmation.byStaff(request.user!.userId, body);
      return {
        code: 200,
        message: confirmed ? COD_MESSAGES.confirmed : COD_MESSAGES.alreadyConfirmed,
        data: await staffOrders.details(body.orderId),
      };
    },
  });
}
