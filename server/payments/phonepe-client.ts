import { createHash, timingSafeEqual } from "node:crypto";

/**
 * PhonePe Standard Checkout v2 over HTTP (../shared/reference/phonepe.md): OAuth token, pay, order status,
 * refund and refund status. The built-in sandbox speaks the same protocol; only the base URLs differ.
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

export type PhonePeOrderState = "PENDING" | "COMPLETED" | "FAILED";

export type PhonePeOrderStatus = {
  orderId: string;
  state: PhonePeOrderState;
  /** Paise. */
  amount: number;
  expireAt?: number;
  paymentDetails: { transactionId?: string; paymentMode?: string; amount?: number; state?: string }[];
};

export type PhonePeRefundState = "PENDING" | "CONFIRMED" | "COMPLETED" | "FAILED";

/** PhonePe answered with an error status, or could not be reached (`status` 0). */
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

/** A refund's state at PhonePe, with its reason when it FAILED. */
export type PhonePeRefundStatus = {
  state: PhonePeRefundState;
  errorCode?: string;
  detailedErrorCode?: string;
};

const REQUEST_TIMEOUT_MS = 10_000;

type Token = { header: string; issuedAt: number; expiresAt: number };

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
    const answer = await send(`${settings.oauthBaseUrl}/v1/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const issuedAt = Number(answer.issued_at ?? Math.floor(Date.now() / 1000));
    const expiresAt = Number(answer.expires_at);
    if (typeof answer.access_token !== "string" || !Number.isFinite(expiresAt))
      throw new PhonePeError(502, "PhonePe's token answer has no access token or expiry");
    return {
      header: `${String(answer.token_type ?? "O-Bearer")} ${answer.access_token}`,
      issuedAt,
      expiresAt,
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
  async function call(path: string, init: { method: string; body?: unknown }) {
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

  return {
    /** Creates PhonePe's order for one payment attempt; the shopper pays on `redirectUrl`. */
    async pay(request: {
      merchantOrderId: string;
      amountPaise: number;
      redirectUrl: string;
      expireAfterSeconds: number;
      /** Our own order id, for PhonePe's dashboard. */
      udf1: string;
    }): Promise<{ orderId: string; state: string; expireAt: number; redirectUrl: string }> {
      const answer = await call("/checkout/v2/pay", {
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
      if (typeof answer.redirectUrl !== "string" || typeof answer.orderId !== "string")
        throw new PhonePeError(502, "PhonePe's pay answer has no checkout page");
      return {
        orderId: answer.orderId,
        state: String(answer.state),
        expireAt: Number(answer.expireAt),
        redirectUrl: answer.redirectUrl,
      };
    },

    /** PhonePe's Order Status of one attempt; null when PhonePe has no such order. */
    async orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus | null> {
      try {
        const answer = await call(
          `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false`,
          { method: "GET" },
        );
        const state = String(answer.state);
        if (state !== "PENDING" && state !== "COMPLETED" && state !== "FAILED")
          throw new PhonePeError(502, `PhonePe answered an unknown order state: ${state}`);
        return {
          orderId: String(answer.orderId),
          state,
          amount: Number(answer.amount),
          ...(answer.expireAt === undefined ? {} : { expireAt: Number(answer.expireAt) }),
          paymentDetails: Array.isArray(answer.paymentDetails) ? answer.paymentDetails : [],
        };
      } catch (error) {
        if (error instanceof PhonePeError && error.status === 404) return null;
        throw error;
      }
    },

    async refund(request: {
      merchantRefundId: string;
      originalMerchantOrderId: string;
      amountPaise: number;
    }): Promise<{ refundId: string; state: PhonePeRefundState }> {
      const answer = await call("/payments/v2/refund", {
        method: "POST",
        body: {
          merchantRefundId: request.merchantRefundId,
          originalMerchantOrderId: request.originalMerchantOrderId,
          amount: request.amountPaise,
        },
      });
      return { refundId: String(answer.refundId), state: String(answer.state) as PhonePeRefundState };
    },

    /** A refund's state; null when PhonePe has no such refund. */
    async refundStatus(merchantRefundId: string): Promise<PhonePeRefundStatus | null> {
      try {
        const answer = await call(`/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`, {
          method: "GET",
        });
        return {
          state: String(answer.state) as PhonePeRefundState,
          ...(typeof answer.errorCode === "string" ? { errorCode: answer.errorCode } : {}),
          ...(typeof answer.detailedErrorCode === "string"
            ? { detailedErrorCode: answer.detailedErrorCode }
            : {}),
        };
      } catch (error) {
        if (error instanceof PhonePeError && error.status === 404) return null;
        throw error;
      }
    },

    /** Whether a webhook's `Authorization` header is PhonePe's: SHA-256 of "username:password", in hex. */
    isWebhookAuthorized(header: string | undefined): boolean {
      return isWebhookAuthorization(header, settings.webhookUsername, settings.webhookPassword);
    },
  };
}

export type PhonePeClient = ReturnType<typeof createPhonePeClient>;

/** The `Authorization` header PhonePe sends with each webhook. */
export const webhookAuthorization = (username: string, password: string) =>
  createHash("sha256").update(`${username}:${password}`).digest("hex");

function isWebhookAuthorization(header: string | undefined, username: string, password: string) {
  if (!header) return false;
  const expected = Buffer.from(webhookAuthorization(username, password));
  const given = Buffer.from(
    header
      .trim()
      .replace(/^SHA256\s+/i, "")
      .toLowerCase(),
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One HTTP call with a time limit; a non-2xx answer or a network failure becomes a PhonePeError. */
async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | URLSearchParams },
): Promise<Record<string, unknown>> {
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
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON: the status says enough.
  }
  if (!response.ok) {
    const code = typeof body.code === "string" ? body.code : undefined;
    const said = typeof body.message === "string" ? body.message : undefined;
    throw new PhonePeError(
      response.status,
      `PhonePe answered ${response.status}: ${said ?? `HTTP ${response.status}`}`,
      code,
      said,
    );
  }
  return body;
}
