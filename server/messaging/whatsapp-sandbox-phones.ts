import { randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client";
import { whatsappSandboxInbound, whatsappSandboxMessages } from "./messaging.tables";
import { escapedJson, SIGNATURE_HEADER, signatureOf, type MessageStatus } from "./whatsapp-protocol";

/**
 * The sandbox's side of the phones (never in production): what each number received, the statuses WhatsApp
 * pushes to the store about them, and a person at each phone who taps a button or types a reply. Every push
 * is a signed webhook as Meta sends it (reference §6): JSON with non-ASCII escaped, `X-Hub-Signature-256`.
 */
export type SandboxStatus = "sent" | "delivered" | "read" | "failed";

/** What a phone received, as the sandbox's page and the tests read it. */
export type ReceivedMessage = {
  wamid: string;
  to: string;
  kind: string;
  template: string | null;
  text: string;
  buttons: { text: string; payload: string | null; url: string | null }[];
  status: string;
  at: string;
};

/** The words of the errors a `failed` status carries (reference §3). */
const ERROR_TITLES: Record<number, string> = {
  131026: "Message undeliverable",
  131047: "Re-engagement message",
  131049: "This message was not delivered to maintain healthy ecosystem engagement.",
  131000: "Something went wrong",
};

export const newWamid = () => `wamid.${randomBytes(18).toString("base64url")}`;
const WINDOW_MS = 24 * 3_600_000;

export function createSandboxPhones({
  db,
  appSecret,
  phoneNumberId,
  webhookUrl,
}: {
  db: Database;
  appSecret: string;
  phoneNumberId: string;
  /** The store's webhook (POST /api/whatsapp/webhook). */
  webhookUrl: string;
}) {
  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "SANDBOX_WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });

  /** Posts one webhook, signed; answers the store's HTTP status (0 when it did not answer). */
  async function deliver(body: unknown): Promise<number> {
    const raw = escapedJson(body);
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureOf(appSecret, raw) },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      await response.text().catch(() => "");
      return response.status;
    } catch {
      // Meta retries for days; the sandbox gives up at once, as a lost push (the store must cope).
      return 0;
    }
  }

  /** Whether the number wrote to the store in the last 24 hours (the customer service window). */
  async function windowOpen(phone: string): Promise<boolean> {
    const [last] = await db
      .select({ at: whatsappSandboxInbound.at })
      .from(whatsappSandboxInbound)
      .where(
        and(
          eq(whatsappSandboxInbound.from, phone),
          gt(whatsappSandboxInbound.at, new Date(Date.now() - WINDOW_MS)),
        ),
      )
      .limit(1);
    return last !== undefined;
  }

  async function messageOf(wamid: string) {
    const [row] = await db
      .select()
      .from(whatsappSandboxMessages)
      .where(eq(whatsappSandboxMessages.wamid, wamid));
    return row;
  }

  /**
   * Pushes statuses of a message the sandbox accepted, in the order given (another than sent, delivered, read
   * imitates WhatsApp's disorder: each keeps the time it happened), each in a webhook of its own or all in one
   * (`batch`), each twice when `duplicate`. A `failed` carries the message's planned error (131026, 131047) or
   * 131000. Answers the store's HTTP statuses.
   */
  async function pushStatuses(
    wamid: string,
    statuses: SandboxStatus[],
    { duplicate = false, batch = false }: { duplicate?: boolean; batch?: boolean } = {},
  ): Promise<number[]> {
    const message = await messageOf(wamid);
    if (!message) throw new Error(`The sandbox sent no message ${wamid}`);
    const now = Math.floor(Date.now() / 1000);
    const happened = { sent: 0, delivered: 1, read: 2, failed: 1 } as const;
    const items: MessageStatus[] = statuses.map((status) => {
      const code = message.failsWith ?? 131000;
      return {
        id: wamid,
        status,
        timestamp: String(now + happened[status]),
        recipient_id: message.to,
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        ...(status === "failed"
          ? {
              errors: [
                {
                  code,
                  title: ERROR_TITLES[code] ?? "Error",
                  message: ERROR_TITLES[code] ?? "Error",
                  error_data: { details: `The sandbox's number ${message.to} (code ${code})` },
                },
              ],
            }
          : {
              pricing: {
                billable: message.kind === "template",
                pricing_model: "PMP",
                category: message.kind === "template" ? "utility" : "service",
              },
            }),
      };
    });
    // The phone's copy shows the furthest status (a failure above all).
    const last = statuses.includes("failed")
      ? "failed"
      : [...statuses].sort((a, b) => happened[a] - happened[b]).at(-1);
    if (last)
      await db
        .update(whatsappSandboxMessages)
        .set({ status: last })
        .where(eq(whatsappSandboxMessages.wamid, wamid));
    const bodies = batch
      ? [envelope({ statuses: items })]
      : items.map((item) => envelope({ statuses: [item] }));
    const answers: number[] = [];
    for (const body of duplicate ? bodies.flatMap((one) => [one, one]) : bodies)
      answers.push(await deliver(body));
    return answers;
  }

  /** The person at `from` sends the store a message: it opens the 24-hour window, and is pushed. */
  async function inbound(from: string, message: Record<string, unknown>, shown: string) {
    const id = newWamid();
    await db.insert(whatsappSandboxInbound).values({ id, from, kind: String(message.type), text: shown });
    const status = await deliver(
      envelope({
        contacts: [{ profile: { name: "Sandbox shopper" }, wa_id: from }],
        messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
      }),
    );
    return { id, status };
  }

  /** Taps a quick-reply button of a message the number received (its payload goes back with the tap). */
  async function tap(wamid: string, buttonIndex: number, from?: string) {
    const message = await messageOf(wamid);
    const button = message?.buttons?.[buttonIndex];
    if (!message || !button || button.payload === null)
      throw new Error("That message has no such quick reply");
    return inbound(
      from ?? message.to,
      {
        type: "button",
        context: { from: "15550000000", id: wamid },
        button: { payload: button.payload, text: button.text },
      },
      button.text,
    );
  }

  /** Types a text to the store ("STOP"). */
  const type = (from: string, text: string) => inbound(from, { type: "text", text: { body: text } }, text);

  /** What a number received, newest first. */
  async function received(phone: string, limit = 50): Promise<ReceivedMessage[]> {
    const rows = await db
      .select()
      .from(whatsappSandboxMessages)
      .where(eq(whatsappSandboxMessages.to, phone))
      .orderBy(desc(whatsappSandboxMessages.createdAt), desc(whatsappSandboxMessages.wamid))
      .limit(limit);
    return rows.map((row) => ({
      wamid: row.wamid,
      to: row.to,
      kind: row.kind,
      template: row.template,
      text: row.text,
      buttons: row.buttons ?? [],
      status: row.status,
      at: row.createdAt.toISOString(),
    }));
  }

  return { deliver, windowOpen, pushStatuses, tap, type, received, messageOf };
}

export type SandboxPhones = ReturnType<typeof createSandboxPhones>;
