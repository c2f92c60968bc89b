import type { FastifyInstance } from "fastify";
import {
  confirmStockAlertCall,
  STOCK_ALERT_MESSAGES,
  subscribeStockAlertCall,
} from "../../contract/stock-alerts";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { tooManyRequests } from "../lib/errors";
import { mailboxOf } from "../lib/mailbox";
import { HOUR_MS, rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import type { StockAlerts } from "./stock-alerts.service";

export async function stockAlertsRoutes(
  app: FastifyInstance,
  {
    calls,
    stockAlerts,
    guard,
    attempts,
  }: { calls: Calls; stockAlerts: StockAlerts; guard: SessionGuard; attempts: AttemptCounts },
) {
  const refusal = () => tooManyRequests(STOCK_ALERT_MESSAGES.tooMany);
  // An address asking for many alerts, and many asks mailing one inbox (each mails a link), however its
  // address is spelt (victim+1@, victim+2@…).
  const perAddress = rateLimitCheck(attempts, "stock-alerts:ip", { max: 20, windowMs: HOUR_MS }, { refusal });
  const perEmail = rateLimitCheck<{ email?: string }>(
    attempts,
    "stock-alerts:email",
    { max: 5, windowMs: HOUR_MS },
    { refusal, keyOf: (_request, input) => (input.email ? mailboxOf(input.email) : undefined) },
  );
  calls.serve(app, subscribeStockAlertCall, {
    onRequest: [(request, reply) => perAddress(request, reply, undefined)],
    preHandler: [perEmail],
    handler: async (input, { request }) => {
      const identified = await guard.identify(request);
      const alert = await stockAlerts.subscribe(input, identified?.user ?? null);
      return {
        code: 200,
        message: alert.confirmed
          ? STOCK_ALERT_MESSAGES.subscribed(alert.email)
          : STOCK_ALERT_MESSAGES.confirmSent(alert.email),
        data: alert,
      };
    },
  });
  calls.serve(app, confirmStockAlertCall, {
    onRequest: [(request, reply) => perAddress(request, reply, undefined)],
    handler: async ({ token }) => ({
      code: 200,
      message: STOCK_ALERT_MESSAGES.confirmed,
      data: await stockAlerts.confirm(token),
    }),
  });
}
