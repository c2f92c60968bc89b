import {
  MessageNotSent,
  MessageUncertain,
  type MessagingProvider,
  type OutgoingMessage,
} from "./messaging-provider";
import {
  errorAnswer,
  messagesPath,
  RETRYABLE_CODES,
  sendAnswer,
  type SendRequest,
} from "./whatsapp-protocol";

/**
 * The WhatsApp Business Cloud API over HTTP (../shared/reference/whatsapp.md): `Authorization: Bearer`, the
 * message as JSON, every answer read through whatsapp-protocol.ts. The built-in sandbox speaks the same
 * protocol; only the base URL, the token and the phone number's id differ. The token is never logged: errors
 * carry Meta's code and words only.
 */
export type WhatsAppSettings = {
  baseUrl: string;
  /** The API version, a path segment (v23.0). */
  version: string;
  phoneNumberId: string;
  accessToken: string;
  /** How long a send may take (10 s unless a test says otherwise). */
  timeoutMs?: number;
};

const REQUEST_TIMEOUT_MS = 10_000;

/** The body of the send, as Meta reads it. */
export function sendRequestOf(message: OutgoingMessage): SendRequest {
  const base = {
    messaging_product: "whatsapp" as const,
    recipient_type: "individual" as const,
    to: message.to,
    ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
  };
  return message.kind === "template"
    ? {
        ...base,
        type: "template",
        template: {
          name: message.template,
          language: { code: message.language },
          components: message.components,
        },
      }
    : { ...base, type: "text", text: { body: message.text, preview_url: false } };
}

/** A refusal read from Meta's error body, or from its status alone when the body is not one. */
function refusalOf(status: number, json: unknown): MessageNotSent {
  const parsed = errorAnswer.safeParse(json);
  if (!parsed.success)
    // A page that is not Meta's error (a proxy's 502): the server side failed and may recover.
    return new MessageNotSent(null, `HTTP ${status} without an error of the protocol`, status >= 500);
  const { code, message, error_data } = parsed.data.error;
  const details = error_data?.details ? `: ${error_data.details}` : "";
  return new MessageNotSent(code, `(#${code}) ${message}${details}`.slice(0, 500), RETRYABLE_CODES.has(code));
}

export function createWhatsAppClient(settings: WhatsAppSettings): MessagingProvider {
  const url = `${settings.baseUrl}${messagesPath(settings.version, settings.phoneNumberId)}`;
  return {
    channel: "whatsapp",
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${settings.accessToken}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(sendRequestOf(message)),
          signal: AbortSignal.timeout(settings.timeoutMs ?? REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MessageUncertain(error instanceof Error ? error.name : "no answer");
      }
      const text = await response.text().catch(() => "");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (response.status !== 200) throw refusalOf(response.status, json);
      const parsed = sendAnswer.safeParse(json);
      // Meta answered 200 with something that is not its answer: whether it took the message is unknown.
      if (!parsed.success) throw new MessageUncertain("an answer outside the protocol");
      return { wamid: parsed.data.messages[0]!.id };
    },
  };
}
