import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  setWhatsAppConsentCall,
  WHATSAPP_MESSAGES,
  whatsAppAccountCall,
  whatsAppHandshakeCall,
  whatsAppSandboxMessagesCall,
  whatsAppSandboxReplyCall,
  whatsAppWebhookCall,
} from "../../contract/whatsapp";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { badRequest, forbidden, HttpError, notFound } from "../lib/errors";
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP_MESSAGE } from "../lib/json-bodies";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import type { WhatsAppAccountService } from "./whatsapp-account";
import type { WhatsAppConnection } from "./whatsapp-connection";
import { SIGNATURE_HEADER, signatureMatches } from "./whatsapp-protocol";
import type { WhatsAppWebhook } from "./whatsapp-webhook";

type Options = {
  calls: Calls;
  guard: SessionGuard;
  account: WhatsAppAccountService;
  /** WhatsApp when on; without it there is no webhook and no sandbox (their calls are 404s). */
  connection: WhatsAppConnection | null;
  webhook: WhatsAppWebhook;
};

const sameText = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Meta's webhook, with the signature checked on the raw bytes before anything is read (reference §6.5): its
 * own JSON parser, in this plugin only, refuses a wrong or missing X-Hub-Signature-256 with 401.
 */
async function webhookRoutes(
  app: FastifyInstance,
  { calls, connection, webhook }: { calls: Calls; connection: WhatsAppConnection; webhook: WhatsAppWebhook },
) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const text = raw.toString("utf8");
    // As every JSON body of the API (lib/json-bodies.ts): too deep is refused before anything walks it.
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP_MESSAGE), undefined);
    const header = request.headers[SIGNATURE_HEADER];
    if (!signatureMatches(connection.appSecret, raw, typeof header === "string" ? header : undefined))
      return done(new HttpError(401, WHATSAPP_MESSAGES.signatureRefused), undefined);
    parse(request, text, done);
  });

  calls.serve(app, whatsAppWebhookCall, {
    handler: async (body) => {
      await webhook.receive(body);
      return { code: 200, message: "Received", data: null };
    },
  });
}

/** WhatsApp's calls (decision 053): the account page's consent, Meta's webhook, the sandbox's phones. */
export async function whatsAppRoutes(
  app: FastifyInstance,
  { calls, guard, account, connection, webhook }: Options,
) {
  const personal = async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  };

  calls.serve(app, whatsAppAccountCall, {
    onRequest: [guard.requireUser, personal],
    handler: async (_input, { request }) => ({
      code: 200,
      message: "WhatsApp fetched successfully",
      data: await account.view(request.user!.userId),
    }),
  });

  calls.serve(app, setWhatsAppConsentCall, {
    onRequest: [guard.requireUser, personal],
    handler: async ({ given }, { request }) => ({
      code: 200,
      message: given ? WHATSAPP_MESSAGES.consentGiven : WHATSAPP_MESSAGES.consentWithdrawn,
      data: await account.setUpdates(request.user!.userId, given),
    }),
  });

  // The sandbox's phones, served on every store so that its page asks the same way everywhere: a store
  // without the sandbox (production) answers 404, as for an unknown call.
  calls.serve(app, whatsAppSandboxMessagesCall, {
    handler: async ({ phone }) => {
      const sandbox = sandboxOf(connection);
      return {
        code: 200,
        message: "Messages fetched successfully",
        data: phone ? await sandbox.received(phone) : [],
      };
    },
  });
  calls.serve(app, whatsAppSandboxReplyCall, {
    handler: async (body) => {
      const sandbox = sandboxOf(connection);
      let status: number;
      if ("text" in body) status = (await sandbox.type(body.phone, body.text)).status;
      else {
        const message = await sandbox.messageOf(body.wamid);
        if (message?.to !== body.phone || !message.buttons?.[body.button]?.payload)
          throw notFound(WHATSAPP_MESSAGES.noSuchMessage);
        status = (await sandbox.tap(body.wamid, body.button)).status;
      }
      return { code: 200, message: "Sent from the sandbox's phone", data: { delivered: status === 200 } };
    },
  });

  if (!connection) return;

  calls.serve(app, whatsAppHandshakeCall, {
    handler: async (query) => {
      const mode = query["hub.mode"];
      const token = query["hub.verify_token"] ?? "";
      if (mode !== "subscribe" || !sameText(token, connection.verifyToken) || !query["hub.challenge"])
        throw forbidden(WHATSAPP_MESSAGES.handshakeRefused);
      return Buffer.from(query["hub.challenge"]);
    },
  });
  await app.register(webhookRoutes, { calls, connection, webhook });
}

/** The built-in sandbox, or a 404 on a store that has none (production, or the real Cloud API). */
function sandboxOf(connection: WhatsAppConnection | null) {
  if (!connection?.sandbox) throw notFound(WHATSAPP_MESSAGES.noSandbox);
  return connection.sandbox;
}
