import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * The WhatsApp Business Cloud API on the wire (../shared/reference/whatsapp.md), as Zod schemas that the
 * client, the built-in sandbox and the webhook share: nothing Meta sends is read without them. What the
 * reference marks unverified is read leniently (optional fields, unknown keys kept out) rather than assumed.
 */

export const WHATSAPP_HOST = "https://graph.facebook.com";

/** POST here sends a message: `/<version>/<PHONE_NUMBER_ID>/messages` (reference §1). */
export const messagesPath = (version: string, phoneNumberId: string) =>
  `/${version}/${phoneNumberId}/messages`;

/** A template's parameter: text (the only kind the store sends), or a quick reply's payload. */
const textParameter = z.object({ type: z.literal("text"), text: z.string().min(1).max(1024) });
const payloadParameter = z.object({ type: z.literal("payload"), payload: z.string().min(1).max(1000) });

/** One component of a template message (reference §2): the body's {{n}}, a button's suffix or payload. */
export const templateComponent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("body"), parameters: z.array(textParameter).max(100) }),
  z.object({ type: z.literal("header"), parameters: z.array(textParameter).max(1) }),
  z.object({
    type: z.literal("button"),
    sub_type: z.enum(["url", "quick_reply"]),
    index: z.string().regex(/^\d$/),
    parameters: z.array(z.union([textParameter, payloadParameter])).max(1),
  }),
]);
export type TemplateComponent = z.infer<typeof templateComponent>;

const messageBase = {
  messaging_product: z.literal("whatsapp"),
  recipient_type: z.literal("individual").optional(),
  /** Country code and number, digits only (a leading + is tolerated by Meta). */
  to: z.string().regex(/^\+?\d{8,15}$/),
  /** Echoed in every status webhook of the message: the store's id of it. */
  biz_opaque_callback_data: z.string().max(512).optional(),
};

/** The body of POST …/messages, a template or (inside the 24-hour window only) a text. */
export const sendRequest = z.discriminatedUnion("type", [
  z.object({
    ...messageBase,
    type: z.literal("template"),
    template: z.object({
      name: z.string().min(1).max(512),
      language: z.object({ code: z.string().min(2).max(15) }),
      components: z.array(templateComponent).max(10).optional(),
    }),
  }),
  z.object({
    ...messageBase,
    type: z.literal("text"),
    text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }),
  }),
]);
export type SendRequest = z.infer<typeof sendRequest>;

/** HTTP 200: accepted (not yet delivered); `messages[0].id` is the WAMID every status names. */
export const sendAnswer = z.object({
  messaging_product: z.literal("whatsapp"),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string().optional() })).optional(),
  messages: z
    .array(z.object({ id: z.string().min(1).max(128), message_status: z.string().optional() }))
    .min(1),
});
export type SendAnswer = z.infer<typeof sendAnswer>;

/** Any refusal (reference §3): branch on `code`, never on the words. */
export const errorAnswer = z.object({
  error: z.object({
    message: z.string().default(""),
    type: z.string().optional(),
    code: z.number().int(),
    error_data: z
      .object({ messaging_product: z.string().optional(), details: z.string().optional() })
      .optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/**
 * The codes worth trying again later, with backoff (reference §3 and §7): rate limits, throughput, pair
 * limit, unknown and temporary errors, maintenance. Any other code is given up with its reason.
 */
export const RETRYABLE_CODES: ReadonlySet<number> = new Set([
  1, 2, 4, 80007, 130429, 131000, 131016, 131056, 131057,
]);

/** An error Meta puts in a `failed` status or a webhook's `errors[]`. */
const webhookError = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});
export type WebhookError = z.infer<typeof webhookError>;

/** One status of a sent message (reference §6.3); unknown statuses are read and ignored by the store. */
export const messageStatus = z.object({
  id: z.string().min(1).max(128),
  status: z.string(),
  /** Seconds since 1970, as text. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  pricing: z
    .object({
      billable: z.boolean().optional(),
      pricing_model: z.string().optional(),
      category: z.string().optional(),
    })
    .optional(),
  errors: z.array(webhookError).optional(),
});
export type MessageStatus = z.infer<typeof messageStatus>;

/** A message a user sent the business (reference §6.4): typed text, a quick-reply tap, an interactive reply. */
export const inboundMessage = z.object({
  from: z.string().regex(/^\d{8,15}$/),
  id: z.string().min(1).max(128),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string(),
  context: z.object({ from: z.string().optional(), id: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
    })
    .optional(),
});
export type InboundMessage = z.infer<typeof inboundMessage>;

/** The `value` of a change of field `messages`: statuses, or contacts and messages, or errors. */
export const messagesValue = z.object({
  messaging_product: z.literal("whatsapp"),
  metadata: z
    .object({ display_phone_number: z.string().optional(), phone_number_id: z.string().optional() })
    .optional(),
  statuses: z.array(z.unknown()).optional(),
  contacts: z
    .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).partial().optional() }))
    .optional(),
  messages: z.array(z.unknown()).optional(),
  errors: z.array(webhookError).optional(),
});

/**
 * A webhook's envelope (reference §6.2). Entries and changes are read one by one: one that is not the store's
 * business (another field) or not understood is skipped, never the whole delivery.
 */
export const webhookNotification = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        id: z.string().optional(),
        changes: z.array(z.object({ field: z.string(), value: z.unknown() })).default([]),
      }),
    )
    .max(1000),
});
export type WebhookNotification = z.infer<typeof webhookNotification>;

/** The verification handshake's query (reference §6.1): `hub.mode`, `hub.verify_token`, `hub.challenge`. */
export const handshakeQuery = z.object({
  "hub.mode": z.string().max(50).optional(),
  "hub.verify_token": z.string().max(500).optional(),
  "hub.challenge": z.string().max(500).optional(),
});

/** The header of a signed webhook: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const SIGNATURE_HEADER = "x-hub-signature-256";

export const signatureOf = (appSecret: string, rawBody: Buffer | string) =>
  `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;

/** Whether a header signs these exact bytes with the app secret, compared in constant time. */
export function signatureMatches(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(signatureOf(appSecret, rawBody));
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** JSON as Meta writes it before signing: every character outside ASCII escaped as \uXXXX (reference §6.5). */
export const escapedJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
