import { z } from "zod";
import { otpField, phoneField, sessionStartedResponse } from "./accounts";
import { defineCall } from "./call";
import { envelope, messageResponse } from "./envelope";

/**
 * WhatsApp as a second channel (issue 40, decision 053): the shopper's consent at checkout (Place Order's
 * `whatsappUpdates`) and on her account page, signing in with a code sent on WhatsApp to a number verified
 * once, Meta's webhook, staff's view of what went where, and the built-in sandbox's phones outside
 * production.
 */
export const WHATSAPP_MESSAGES = {
  unavailable: "WhatsApp messages are not available at the moment. Please use your e-mail instead.",
  consentGiven:
    "Your order updates will also come on WhatsApp. Reply STOP there, or untick it here, to stop them.",
  consentWithdrawn: "You will no longer receive order updates on WhatsApp.",
  codeSent:
    "If this number belongs to an account that verified it, we have sent a code on WhatsApp. Enter it to sign in.",
  verifyCodeSent: (shown: string) =>
    `We have sent a code on WhatsApp to ${shown}. Enter it to verify the number.`,
  phoneVerified: (shown: string) =>
    `${shown} is verified: you can sign in with a code sent there on WhatsApp.`,
  noPhone: "Add your mobile number to your profile first.",
  signedIn: (name: string) => `Welcome back, ${name}!`,
  signatureRefused: "The webhook's signature does not match.",
  handshakeRefused: "The verification token does not match.",
  noSandbox: "The store runs no WhatsApp sandbox.",
  noSuchMessage: "That phone received no such message, or it has no such quick reply.",
} as const;

/** What the account page shows and changes: the consent, the number it goes to, whether it is verified. */
export const whatsAppAccount = z.object({
  /** The store has WhatsApp at all: when false, pages offer none of it. */
  available: z.boolean(),
  /** Her current choice: her ticked orders' updates go on WhatsApp. */
  updates: z.boolean(),
  /** The profile's mobile, ten digits. */
  phone: z.string(),
  /** The number she proved on WhatsApp (ten digits), which she may sign in with; null when none. */
  verifiedPhone: z.string().nullable(),
  /** One of her numbers (the profile's, an order's) replied STOP: `updates: true` (or a new tick) lifts it. */
  stopped: z.boolean(),
});
export type WhatsAppAccount = z.infer<typeof whatsAppAccount>;

export const whatsAppAccountCall = defineCall({
  method: "GET",
  path: "/users/whatsapp",
  tag: "users",
  description:
    "Signed-in shoppers. Whether the store has WhatsApp, her consent to order updates there, her numbers.",
  output: envelope(whatsAppAccount),
});

export const setWhatsAppConsentCall = defineCall({
  method: "POST",
  path: "/users/whatsapp-consent",
  tag: "users",
  description:
    "Signed-in shoppers. Gives (`given: true`) or withdraws, in one call, the consent to order updates on WhatsApp for all her orders; each change is logged with her other consents.",
  body: z.object({ given: z.boolean({ error: "Say whether you want order updates on WhatsApp" }) }),
  output: envelope(whatsAppAccount),
});

const resendAnswer = envelope(z.object({ resendAvailableInSeconds: z.number().int() }));

export const requestPhoneVerificationCall = defineCall({
  method: "POST",
  path: "/users/whatsapp/verify-phone/request-code",
  tag: "users",
  description:
    "Signed-in shoppers. Sends a one-time code on WhatsApp to the profile's mobile, to verify it once (it can then sign in by a WhatsApp code).",
  output: resendAnswer,
});

export const verifyPhoneCall = defineCall({
  method: "POST",
  path: "/users/whatsapp/verify-phone",
  tag: "users",
  description:
    "Signed-in shoppers. The code sent on WhatsApp: the profile's mobile is verified for signing in.",
  body: z.object({ otp: otpField }),
  output: envelope(whatsAppAccount),
});

export const requestWhatsAppLoginCodeCall = defineCall({
  method: "POST",
  path: "/users/whatsapp-login/request-code",
  tag: "users",
  description:
    "Sends a sign-in code on WhatsApp to a mobile an account verified; the answer is the same for any number (whether it has an account is not told).",
  body: z.object({ phone: phoneField }),
  output: resendAnswer,
});

export const whatsAppLoginCall = defineCall({
  method: "POST",
  path: "/users/whatsapp-login",
  tag: "users",
  description:
    "Signs in with the code sent on WhatsApp (6 digits, 10 minutes, 5 tries, as the e-mailed codes); starts a session as login does.",
  body: z.object({ phone: phoneField, otp: otpField }),
  output: sessionStartedResponse,
});

/** One message of an order, as staff see it beside its mails: where it went, which template, how it stands. */
export const orderMessageView = z.object({
  channel: z.literal("whatsapp"),
  event: z.string(),
  template: z.string().nullable(),
  /** The number, as people read it. */
  to: z.string(),
  /** pending, sending, accepted, sent, delivered, read, failed or skipped. */
  status: z.string(),
  error: z.string().nullable(),
  /** When the message could not be delivered and its mail went instead. */
  fellBackToMailAt: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type OrderMessageView = z.infer<typeof orderMessageView>;

/** The dashboard's count of this month's WhatsApp messages (India's calendar) and what Meta may bill for them. */
export const whatsAppMonth = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** Messages WhatsApp took this month. */
  messages: z.number().int(),
  /** Of them, the templates Meta bills (utility and authentication). */
  billable: z.number().int(),
  /** The estimate at the owner's price per message, in rupees. */
  costEstimate: z.number(),
});
export type WhatsAppMonth = z.infer<typeof whatsAppMonth>;

// Meta's webhook (reference §6): not for clients of the store. Its body is read entry by entry on the server.
export const whatsAppHandshakeCall = defineCall({
  method: "GET",
  path: "/whatsapp/webhook",
  tag: "whatsapp",
  description:
    "Meta's verification handshake: `hub.mode=subscribe` with the store's verify token is answered with `hub.challenge` as text; anything else 403.",
  query: z.object({
    "hub.mode": z.string().max(50).optional(),
    "hub.verify_token": z.string().max(500).optional(),
    "hub.challenge": z.string().max(500).optional(),
  }),
  produces: "text/plain",
  output: z.string(),
});

export const whatsAppWebhookCall = defineCall({
  method: "POST",
  path: "/whatsapp/webhook",
  tag: "whatsapp",
  description:
    "Meta's webhook: statuses of sent messages and the shoppers' messages (STOP, quick replies), signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret); a wrong or missing signature is refused 401 and changes nothing.",
  body: z.object({ object: z.string(), entry: z.array(z.unknown()).max(1000) }),
  output: messageResponse,
});

// The built-in sandbox's phones (outside production only, decision 053).
export const sandboxReceivedMessage = z.object({
  wamid: z.string(),
  to: z.string(),
  kind: z.string(),
  template: z.string().nullable(),
  text: z.string(),
  buttons: z.array(
    z.object({ text: z.string(), payload: z.string().nullable(), url: z.string().nullable() }),
  ),
  status: z.string(),
  at: z.string(),
});
export type SandboxReceivedMessage = z.infer<typeof sandboxReceivedMessage>;

const sandboxPhone = z
  .string({ error: "Give a mobile number" })
  .trim()
  .transform((value) => value.replace(/[\s()+-]/g, ""))
  .pipe(z.string().regex(/^(91)?[6-9]\d{9}$/, { error: "Give a 10-digit mobile number" }))
  .transform((digits) => (digits.length === 10 ? `91${digits}` : digits));

export const whatsAppSandboxMessagesCall = defineCall({
  method: "GET",
  path: "/whatsapp/sandbox/messages",
  tag: "whatsapp",
  description:
    "Outside production only: what a phone received from the built-in WhatsApp sandbox, newest first (for tests and the sandbox's page); without a phone, nothing (the page asks whether there is a sandbox at all).",
  query: z.object({ phone: sandboxPhone.optional() }),
  output: envelope(z.array(sandboxReceivedMessage)),
});

export const whatsAppSandboxReplyCall = defineCall({
  method: "POST",
  path: "/whatsapp/sandbox/reply",
  tag: "whatsapp",
  description:
    "Outside production only: the person at a sandbox phone taps a quick reply of a message it received (`wamid`, `button`) or types a text; WhatsApp's webhook follows.",
  body: z.union([
    z.object({
      phone: sandboxPhone,
      wamid: z.string().min(1).max(128),
      button: z.number().int().min(0).max(2),
    }),
    z.object({ phone: sandboxPhone, text: z.string().trim().min(1).max(1000) }),
  ]),
  output: envelope(z.object({ delivered: z.boolean() })),
});
