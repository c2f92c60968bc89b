import type { FastifyInstance } from "fastify";
import { phonePeWebhookCall } from "../../contract/orders";
import type { Calls } from "../lib/calls";
import type { PaymentsService } from "./payments.service";

/**
 * PhonePe's server-to-server callback, served only by a store that takes payments: a store without PhonePe
 * (production without its credentials) has no webhook, and a request to it is a 404 like any unknown call.
 * Its body is not signed, only its Authorization header: it is read leniently (PhonePe adds fields) and only
 * prompts a check with PhonePe's Order Status.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  { calls, payments, takesPayments }: { calls: Calls; payments: PaymentsService; takesPayments: boolean },
) {
  if (!takesPayments) return;
  calls.serve(app, phonePeWebhookCall, {
    handler: async (body, { request }) => {
      await payments.receiveWebhook(request.headers.authorization, body);
      return { code: 200, message: "Received", data: null };
    },
  });
}
