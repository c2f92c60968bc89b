import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { selectRows, type Database } from "../db/client";
import { whatsappSandbox, whatsappSandboxMessages } from "./messaging.tables";
import { sendRequest, type SendRequest } from "./whatsapp-protocol";
import { createSandboxPhones, newWamid, type SandboxStatus } from "./whatsapp-sandbox-phones";
import { componentsProblem, renderedText, type TemplateDefinition } from "./whatsapp-templates";

/**
 * A stand-in for the WhatsApp Business Cloud API on the store's own server, used when no WhatsApp credentials
 * are configured (never in production). It speaks the protocol of ../shared/reference/whatsapp.md: POST
 * /<version>/<PHONE_NUMBER_ID>/messages with `Authorization: Bearer` (401, code 190, without it), only the
 * store's templates in their language (404, 132001, otherwise) with their parameters (400, 132000), texts only
 * inside the 24 hours after the number wrote (else accepted, then `failed` 131047), and answers a fresh WAMID.
 * Statuses (sent, delivered, read, or failed) are pushed to the store's webhook, signed with the app secret.
 *
 * Numbers behave by their last four digits, so that tests and a person trying the store meet each case:
 * - ending 0026: accepted, then `failed` with 131026 (not on WhatsApp, or cannot receive);
 * - ending 0049: refused at once, HTTP 400 with 131049 (Meta chose not to deliver): given up;
 * - any other: accepted, then sent, delivered and read.
 * How the next sends fail (`failure`, for `times` sends or until told otherwise), and whether statuses are
 * pushed after each message (`auto`) or only when asked (`manual`), are settings in its database row, changed
 * through its own routes with the access token. Its credentials are made at random on the first start.
 */
export const SANDBOX_FAILURES = {
  none: null,
  /** HTTP 503, code 2: temporarily unavailable (retried). */
  unavailable: { http: 503, code: 2, message: "Service temporarily unavailable" },
  /** HTTP 500, code 131000: something went wrong (retried). */
  "server-error": { http: 500, code: 131000, message: "Something went wrong" },
  /** HTTP 400, code 130429: the number's throughput reached (retried). */
  throttled: { http: 400, code: 130429, message: "Rate limit hit" },
  /** HTTP 400, code 131056: too many messages to one user (retried). */
  "pair-limit": {
    http: 400,
    code: 131056,
    message: "(Business Account, Consumer Account) pair rate limit hit",
  },
  /** HTTP 401, code 190: the access token expired (given up). */
  "token-expired": { http: 401, code: 190, message: "Error validating access token: Session has expired" },
  /** HTTP 502 with an HTML page, as a proxy in front of Meta (retried). */
  "bad-gateway": { http: 502, code: null, message: "" },
  /** The message is taken, but the answer comes later than the client waits (the client cannot know). */
  "lost-answer": { http: 200, code: null, message: "" },
} as const;
export type SandboxFailure = keyof typeof SANDBOX_FAILURES;
const FAILURE_NAMES = Object.keys(SANDBOX_FAILURES) as [SandboxFailure, ...SandboxFailure[]];

/** How long a "lost answer" waits: longer than any client of the store waits. */
const LOST_ANSWER_MS = 30_000;

const metaError = (code: number, message: string, details?: string) => ({
  error: {
    message: `(#${code}) ${message}`,
    type: "OAuthException",
    code,
    ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
    fbtrace_id: `Sandbox${randomBytes(6).toString("hex")}`,
  },
});

export async function createWhatsAppSandbox({
  db,
  templates,
  language,
  publicUrl,
  webhookUrl,
}: {
  db: Database;
  /** The store's templates by the names they are sent under (the approved ones). */
  templates: ReadonlyMap<string, TemplateDefinition>;
  /** The one language they are approved in. */
  language: string;
  /** The store's origin, before its URL buttons' paths. */
  publicUrl: string;
  webhookUrl: string;
}) {
  await db
    .insert(whatsappSandbox)
    .values({
      id: 1,
      accessToken: `EAASandbox${randomBytes(24).toString("base64url")}`,
      appSecret: randomBytes(16).toString("hex"),
      verifyToken: randomBytes(12).toString("base64url"),
      phoneNumberId: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999)),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(whatsappSandbox);
  const credentials = {
    accessToken: row!.accessToken,
    appSecret: row!.appSecret,
    verifyToken: row!.verifyToken,
    phoneNumberId: row!.phoneNumberId,
  };
  const phones = createSandboxPhones({
    db,
    appSecret: credentials.appSecret,
    phoneNumberId: credentials.phoneNumberId,
    webhookUrl,
  });
  const expected = Buffer.from(`Bearer ${credentials.accessToken}`);
  const authorized = (header: string | undefined) => {
    const given = Buffer.from(header ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** The failure the next send meets, counting it down when it is for a number of sends. */
  async function nextFailure(): Promise<SandboxFailure> {
    const [failing] = await selectRows<{ failure: string }>(
      db,
      sql`update whatsapp_sandbox
          set failures_left = case when failures_left is null then null else failures_left - 1 end
          where id = 1 and failure <> 'none' and (failures_left is null or failures_left > 0)
          returning failure`,
    );
    const parsed = z.enum(FAILURE_NAMES).safeParse(failing?.failure);
    return parsed.success ? parsed.data : "none";
  }

  async function setFailure(failure: SandboxFailure, times: number | null = null) {
    await db.update(whatsappSandbox).set({ failure, failuresLeft: times }).where(eq(whatsappSandbox.id, 1));
  }

  async function setStatuses(mode: "auto" | "manual") {
    await db.update(whatsappSandbox).set({ statuses: mode }).where(eq(whatsappSandbox.id, 1));
  }

  /** Takes a valid message: a refusal's HTTP status and body, or the phone's copy of it. */
  async function take(request: SendRequest) {
    const to = request.to.replace(/^\+/, "");
    if (to.endsWith("0049"))
      return {
        refused: {
          http: 400,
          body: metaError(131049, "This message was not delivered to maintain healthy ecosystem engagement."),
        },
      } as const;
    let shown: string;
    let buttons: { text: string; payload: string | null; url: string | null }[] = [];
    let failsWith: number | null = to.endsWith("0026") ? 131026 : null;
    if (request.type === "template") {
      const definition = templates.get(request.template.name);
      if (!definition || request.template.language.code !== language)
        return {
          refused: {
            http: 404,
            body: metaError(132001, "Template name does not exist in the translation", request.template.name),
          },
        } as const;
      const components = request.template.components ?? [];
      const problem = componentsProblem(definition, components);
      if (problem)
        return {
          refused: { http: 400, body: metaError(problem, "Number of parameters does not match") },
        } as const;
      shown = renderedText(definition, components);
      buttons = definition.buttons.map((button, index) => {
        const sent = components.find((c) => c.type === "button" && c.index === String(index));
        const value = sent?.type === "button" ? sent.parameters[0] : undefined;
        const payload = value?.type === "payload" ? value.payload : null;
        const suffix = value?.type === "text" ? value.text : "";
        return {
          text: button.text,
          payload: button.type === "QUICK_REPLY" ? (payload ?? button.text) : null,
          url: button.type === "URL" ? `${publicUrl}${button.path.replace("{{1}}", suffix)}` : null,
        };
      });
    } else {
      shown = request.text.body;
      if (!(await phones.windowOpen(to))) failsWith = 131047;
    }
    const wamid = newWamid();
    await db.insert(whatsappSandboxMessages).values({
      wamid,
      to,
      kind: request.type,
      template: request.type === "template" ? request.template.name : null,
      text: shown,
      buttons,
      callbackData: request.biz_opaque_callback_data ?? null,
      failsWith,
    });
    return { refused: null, wamid, to, failsWith } as const;
  }

  /** After an accepted message, in `auto` mode: its statuses as WhatsApp would push them, shortly after. */
  async function pushLater(wamid: string, failsWith: number | null) {
    const [state] = await db.select({ statuses: whatsappSandbox.statuses }).from(whatsappSandbox);
    if (state?.statuses !== "auto") return;
    const statuses: SandboxStatus[] = failsWith ? ["failed"] : ["sent", "delivered", "read"];
    setTimeout(() => void phones.pushStatuses(wamid, statuses).catch(() => {}), 50).unref();
  }

  async function answerSend(request: unknown, reply: FastifyReply) {
    const failure = await nextFailure();
    const planned = SANDBOX_FAILURES[failure];
    if (failure === "bad-gateway")
      return reply.code(502).type("text/html").send("<html><body><h1>502 Bad Gateway</h1></body></html>");
    if (planned && planned.code !== null)
      return reply.code(planned.http).send(metaError(planned.code, planned.message));
    const parsed = sendRequest.safeParse(request);
    if (!parsed.success)
      return reply.code(400).send(metaError(100, "Invalid parameter", parsed.error.issues[0]?.message));
    const taken = await take(parsed.data);
    if (taken.refused) return reply.code(taken.refused.http).send(taken.refused.body);
    await pushLater(taken.wamid, taken.failsWith);
    if (failure === "lost-answer")
      await new Promise((resolve) => setTimeout(resolve, LOST_ANSWER_MS).unref());
    return reply.send({
      messaging_product: "whatsapp",
      contacts: [{ input: parsed.data.to, wa_id: taken.to }],
      messages: [{ id: taken.wamid, message_status: "accepted" }],
    });
  }

  async function routes(app: FastifyInstance) {
    // Meta's stand-in is no part of the store's API: its calls stay out of /api/docs.
    app.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook("onRequest", async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.code(401).send(metaError(190, "Error validating access token: Session has expired"));
    });

    app.post("/:version/:phoneNumberId/messages", async (request, reply) => {
      const params = z.object({ version: z.string(), phoneNumberId: z.string() }).parse(request.params);
      if (!/^v\d+\.\d+$/.test(params.version))
        return reply.code(400).send(metaError(2500, "Unknown path components"));
      if (params.phoneNumberId !== credentials.phoneNumberId)
        return reply
          .code(400)
          .send(
            metaError(
              100,
              `Unsupported post request. Object with ID '${params.phoneNumberId}' does not exist`,
            ),
          );
      return answerSend(request.body, reply);
    });

    // The sandbox's own: how it fails and pushes from now on, for every store process (not Meta's protocol).
    app.post("/sandbox/failure", async (request, reply) => {
      const parsed = z
        .object({ failure: z.enum(FAILURE_NAMES), times: z.number().int().min(1).max(1000).optional() })
        .safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: "failure must be one of the sandbox's" });
      await setFailure(parsed.data.failure, parsed.data.times ?? null);
      return { failure: parsed.data.failure };
    });
    app.post("/sandbox/statuses", async (request, reply) => {
      const parsed = z.object({ mode: z.enum(["auto", "manual"]) }).safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: "mode must be auto or manual" });
      await setStatuses(parsed.data.mode);
      return parsed.data;
    });
  }

  return { ...credentials, routes, setFailure, setStatuses, ...phones };
}

export type WhatsAppSandbox = Awaited<ReturnType<typeof createWhatsAppSandbox>>;
