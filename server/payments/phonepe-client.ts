import type { z } from "zod";
import {
  failureAnswer,
  isWebhookAuthorization,
  orderStatusAnswer,
  payAnswer,
  PHONEPE_PATHS,
  phonePePath,
  refundAnswer,
  refundStatusAnswer,
  tokenAnswer,
  type PhonePeOrderStatus,
  type PhonePeRefundState,
  type PhonePeRefundStatus,
} from "./phonepe-protocol";

/**
 * PhonePe Standard Checkout v2 over HTTP (../shared/reference/phonepe.md): OAuth token, pay, order status,
 * refund and refund status. Every answer is read through the protocol's schemas (phonepe-protocol.ts): one
 * that is not as documented is a PhonePeError like a failed call, so the store acts on it as on PhonePe not
 * answering (nothing changes, it asks again later). The built-in sandbox speaks the same protocol; only the
 * base URLs differ.
 */
export type PhonePeSettings = {
  oauthBaseUrl: string;
  pgBaseUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  webhookUsername: string;
  webhookPassword: string;
};

/** PhonePe answered with an error status, or an answer not as documented (502), or could not be reached (`status` 0). */
export class PhonePeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** PhonePe's own message, when its answer had one. */
    readonly phonePeMessage?: string,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 10_000;

type Token = { header: string; issuedAt: number; expiresAt: number };

/** An answer read through its schema; one that does not match is PhonePe's failure (502), naming the field. */
function read<Schema extends z.ZodType>(schema: Schema, body: unknown, what: string): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
  throw new PhonePeError(502, `PhonePe's ${what} answer is not as documented${where}: ${issue?.message}`);
}

export function createPhonePeClient(settings: PhonePeSettings) {
  let token: Token | undefined;
  let refreshing: Promise<Token> | undefined;

  async function fetchToken(): Promise<Token> {
    const body = new URLSearchParams({
      client_id: settings.clientId,
      client_version: settings.clientVersion,
      client_secret: settings.clientSecret,
      grant_type: "client_credentials",
    });
    const answer = read(
      tokenAnswer,
      await send(`${settings.oauthBaseUrl}${PHONEPE_PATHS.token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
      "token",
    );
    return {
      header: `${answer.token_type ?? "O-Bearer"} ${answer.access_token}`,
      issuedAt: answer.issued_at ?? Math.floor(Date.now() / 1000),
      expiresAt: answer.expires_at,
    };
  }

  /**
   * The cached token until shortly before `expires_at` (5 minutes, or a tenth of its life if that is more);
   * one refresh at a time however many calls need it (PhonePe asks not to fetch a token per request).
   */
  async function currentToken(force = false): Promise<Token> {
    const now = Date.now() / 1000;
    if (!force && token) {
      const margin = Math.max(300, (token.expiresAt - token.issuedAt) / 10);
      if (now < token.expiresAt - margin) return token;
    }
    refreshing ??= fetchToken()
      .then((fresh) => (token = fresh))
      .finally(() => (refreshing = undefined));
    return refreshing;
  }

  /** A PG call with the token; a 401 refreshes the token and tries once more. */
  async function call(path: string, init: { method: string; body?: unknown }): Promise<unknown> {
    const attempt = async (force: boolean) =>
      send(`${settings.pgBaseUrl}${path}`, {
        method: init.method,
        headers: {
          "content-type": "application/json",
          authorization: (await currentToken(force)).header,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    try {
      return await attempt(false);
    } catch (error) {
      if (error instanceof PhonePeError && error.status === 401) return attempt(true);
      throw error;
    }
  }

  /** A GET of something PhonePe may not have: null on its 404. */
  async function lookUp<Schema extends z.ZodType>(path: string, schema: Schema, what: string) {
    let body: unknown;
    try {
      body = await call(path, { method: "GET" });
    } catch (error) {
      if (error instanceof PhonePeError && error.status === 404) return null;
      throw error;
    }
    return read(schema, body, what);
  }

  return {
    /** Creates PhonePe's order for one payment attempt; the shopper pays on `redirectUrl`. */
    async pay(request: {
      merchantOrderId: string;
      amountPaise: number;
      redirectUrl: string;
      expireAfterSeconds: number;
      /** Our own order id, for PhonePe's dashboard. */
      udf1: string;
    }): Promise<z.infer<typeof payAnswer>> {
      const answer = await call(PHONEPE_PATHS.pay, {
        method: "POST",
        body: {
          merchantOrderId: request.merchantOrderId,
          amount: request.amountPaise,
          expireAfter: request.expireAfterSeconds,
          metaInfo: { udf1: request.udf1 },
          paymentFlow: {
            type: "PG_CHECKOUT",
            merchantUrls: { redirectUrl: request.redirectUrl },
          },
        },
      });
      return read(payAnswer, answer, "pay");
    },

    /** PhonePe's Order Status of one attempt; null when PhonePe has no such order. */
    async orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus | null> {
      const path = `${phonePePath(PHONEPE_PATHS.orderStatus, { merchantOrderId })}?details=false`;
      return lookUp(path, orderStatusAnswer, "order status");
    },

    async refund(request: {
      merchantRefundId: string;
      originalMerchantOrderId: string;
      amountPaise: number;
    }): Promise<{ refundId: string; state: PhonePeRefundState }> {
      const answer = await call(PHONEPE_PATHS.refund, {
        method: "POST",
        body: {
          merchantRefundId: request.merchantRefundId,
          originalMerchantOrderId: request.originalMerchantOrderId,
          amount: request.amountPaise,
        },
      });
      const { refundId, state } = read(refundAnswer, answer, "refund");
      return { refundId, state };
    },

    /** A refund's state; null when PhonePe has no such refund. */
    async refundStatus(merchantRefundId: string): Promise<PhonePeRefundStatus | null> {
      return lookUp(
        phonePePath(PHONEPE_PATHS.refundStatus, { merchantRefundId }),
        refundStatusAnswer,
        "refund status",
      );
    },

    /** Whether a webhook's `Authorization` header is PhonePe's: SHA-256 of "username:password", in hex. */
    isWebhookAuthorized(header: string | undefined): boolean {
      return isWebhookAuthorization(header, settings.webhookUsername, settings.webhookPassword);
    },
  };
}

export type PhonePeClient = ReturnType<typeof createPhonePeClient>;

/** One HTTP call with a time limit; a non-2xx answer or a network failure becomes a PhonePeError. */
async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | URLSearchParams },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    // fetch's own message is "fetch failed": the reason (refused, reset, timed out) is its cause.
    const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
    const reason = cause?.code ?? cause?.message;
    throw new PhonePeError(
      0,
      `PhonePe could not be reached: ${(error as Error).message}${reason ? ` (${reason})` : ""}`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the status says enough (and a 2xx without JSON fails its schema).
  }
  if (!response.ok) {
    const said = failureAnswer.safeParse(body);
    const code = said.success ? said.data.code : undefined;
    const message = said.success ? said.data.message : undefined;
    throw new PhonePeError(
      response.status,
      `PhonePe answered ${response.status}: ${message ?? `HTTP ${response.status}`}`,
      code,
      message,
    );
  }
  return body;
}
