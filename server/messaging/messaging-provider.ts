import type { TemplateComponent } from "./whatsapp-protocol";

/**
 * What the store asks of a message channel (issue 40). One implementation, the WhatsApp Business Cloud API
 * (whatsapp-client.ts), which the built-in sandbox (whatsapp-sandbox.ts) imitates outside production. The
 * outbox speaks to this interface, never to Meta's wire format.
 */

/** A message to one phone: an approved template, or a text (only inside the 24 hours after the user wrote). */
export type OutgoingMessage = {
  /** Country code and number, digits only: 919876543210. */
  to: string;
  /** The store's own reference, echoed in every status of the message (the outbox row's). */
  callbackData?: string;
} & (
  | { kind: "template"; template: string; language: string; components: TemplateComponent[] }
  | { kind: "text"; text: string }
);

/**
 * The channel answered and did not take the message: `retryable` when trying again later may work (a rate
 * limit, a passing error), else the message is given up with `reason`, the provider's code and words.
 */
export class MessageNotSent extends Error {
  constructor(
    readonly code: number | null,
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
  }
}

/**
 * No answer came (a timeout, a dropped connection): the channel may or may not have taken the message. The
 * outbox then waits for a status that names the message before it sends it again (whatsapp-outbox.ts).
 */
export class MessageUncertain extends Error {
  constructor(readonly reason: string) {
    super(`No answer from the message channel: ${reason}`);
  }
}

export type MessagingProvider = {
  readonly channel: "whatsapp";
  /** Sends one message; answers the provider's id of it (the WAMID). Throws MessageNotSent or MessageUncertain. */
  send(message: OutgoingMessage): Promise<{ wamid: string }>;
};
