import type { FastifyInstance } from "fastify";
import { phonePeWebhookCall } from "../../contract/orders";
import { paymentProviderCall, type PaymentProvider } from "../../contract/payments";
import type { SessionGuard } from "../accounts/session-guard";
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
  {
    calls,
    payments,
    guard,
    provider,
  }: { calls: Calls; payments: PaymentsService; guard: SessionGuard; provider: PaymentProvider },
) {
  // The super admin's view of it, with the sandbox's credentials (no one else's business: never cached).
  calls.serve(app, paymentProviderCall, {
    onRequest: [guard.requireSuperAdmin],
    handler: async (_input, { reply }) => {
      reply.header("cache-control", "private, no-store");
      return { code: 200, message: "Payment provider fetched successfully", data: provider };
    },
  });
  if (provider.provider === "none") return;
  calls.serve(app, phonePeWebhookCall, {
    handler: async (body, { request }) => {
      await payments.receiveWebhook(request.headers.authorization, body);
      return { code: 200, message: "Received", data: null };
    },
  });
}
