import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { SessionCookie, SessionGuard } from "../accounts/session-guard";
import { WHATSAPP_SANDBOX_PREFIX, type Config } from "../config";
import type { Calls } from "../lib/calls";
import type { AttemptCounts } from "../lib/rate-limits";
import type { Database, Transaction } from "../db/client";
import type { JobRunner } from "../lib/job-runner";
import type { OrderRow } from "../orders/orders.tables";
import { createOrderMessages } from "./order-messages";
import { createWhatsAppAccount } from "./whatsapp-account";
import { createWhatsAppSignIn } from "./whatsapp-sign-in";
import { whatsAppSignInRoutes } from "./whatsapp-sign-in.routes";
import { createWhatsAppConsents } from "./whatsapp-consents";
import { connectWhatsApp } from "./whatsapp-connection";
import { createWhatsAppWorker } from "./whatsapp-worker";
import { whatsAppRoutes } from "./whatsapp.routes";
import { createWhatsAppWebhook, type QuickReply } from "./whatsapp-webhook";

/**
 * The messages room (issue 40, decision 053), put together from the configuration: WhatsApp on the Cloud API
 * or the built-in sandbox (whatsapp-connection.ts), or off; the shoppers' consents; the order updates queued
 * with the order's changes; the outbox's worker on the shared job runner.
 */
export async function createMessaging({
  db,
  config,
  log,
  onMailQueued,
}: {
  db: Database;
  config: Pick<
    Config,
    "whatsapp" | "whatsappTemplates" | "whatsappPerSecond" | "host" | "port" | "publicUrl"
  >;
  log: FastifyBaseLogger;
  /** A fallback mail was queued: the mail worker may run now. */
  onMailQueued: () => void;
}) {
  const connection = await connectWhatsApp({ db, config });
  const consents = createWhatsAppConsents({ db });
  const orderMessages = createOrderMessages({
    consents,
    templates: config.whatsappTemplates,
    publicUrl: config.publicUrl,
    enabled: connection !== null,
  });
  const worker: JobRunner | null = connection
    ? createWhatsAppWorker({
        db,
        provider: connection.provider,
        perSecond: config.whatsappPerSecond,
        // An order's message goes while its consent stands and to the number it was given for; a code always.
        stillWanted: async (row) => {
          if (row.orderId === null) return true;
          return (await consents.recipientOf(db, row.orderId))?.phone === row.to;
        },
        log,
        onMailQueued,
      })
    : null;

  const signIn = createWhatsAppSignIn({
    db,
    templates: config.whatsappTemplates,
    enabled: connection !== null,
    onQueued: () => worker?.nudge(),
  });

  /** Place Order's choice of channels, in the order's transaction: WhatsApp only when the store has it. */
  async function chooseChannels(tx: Transaction, order: OrderRow, whatsapp: boolean) {
    if (connection) await consents.forOrder(tx, order, whatsapp);
  }

  return {
    /** WhatsApp when on: its provider, its webhook's secrets, the sandbox. */
    connection,
    consents,
    orderMessages,
    /** The outbox's job (null without WhatsApp); tests run a pass by hand. */
    worker,
    chooseChannels,
    signIn,
    /** The room's calls and Meta's webhook, and the sandbox's routes when it answers here. */
    async register(
      app: FastifyInstance,
      {
        calls,
        guard,
        cookie,
        attempts,
        onQuickReply,
      }: {
        calls: Calls;
        guard: SessionGuard;
        cookie: SessionCookie;
        attempts: AttemptCounts;
        onQuickReply: (reply: QuickReply) => Promise<string>;
      },
    ) {
      const account = createWhatsAppAccount({ db, consents, available: connection !== null });
      const webhook = createWhatsAppWebhook({ db, consents, onQuickReply, onMailQueued, log });
      await app.register(whatsAppRoutes, { prefix: "/api", calls, guard, account, connection, webhook });
      await app.register(whatsAppSignInRoutes, {
        prefix: "/api",
        calls,
        guard,
        cookie,
        attempts,
        signIn,
        account,
      });
      if (connection?.sandbox)
        await app.register(connection.sandbox.routes, { prefix: WHATSAPP_SANDBOX_PREFIX });
    },
  };
}

export type Messaging = Awaited<ReturnType<typeof createMessaging>>;
