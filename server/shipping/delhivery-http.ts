import type { z } from "zod";
import { CourierUnavailable } from "./shipping-provider";

/**
 * Delhivery B2C over HTTP (../shared/reference/delhivery.md): `Authorization: Token`, JSON asked for with
 * Accept, every answer read through delhivery-protocol.ts. The built-in sandbox speaks the same protocol; only
 * the base URL, the token and the warehouse differ.
 */
export type DelhiverySettings = {
  baseUrl: string;
  token: string;
  /** How long a call may take (8 s unless a test says otherwise). */
  timeoutMs?: number;
};

/** Delhivery's slowest routes answer in seconds; a shopper's delivery check should not wait longer than this. */
const REQUEST_TIMEOUT_MS = 8_000;

type Body = { json: unknown } | { form: Record<string, string> };

/** Delhivery's transport: each call with the token, read through its schema (delhivery-protocol.ts). */
export function delhiveryHttp(settings: DelhiverySettings) {
  /**
   * A call read through `schema`; anything else (network, a status outside `statuses`, HTML, truncated JSON)
   * is CourierUnavailable.
   */
  return async function call<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    {
      query,
      body,
      statuses = [200],
    }: { query?: Record<string, string>; body?: Body; statuses?: number[] } = {},
  ): Promise<z.infer<Schema>> {
    const url = `${settings.baseUrl}${path}${query ? `?${new URLSearchParams(query)}` : ""}`;
    const headers: Record<string, string> = {
      authorization: `Token ${settings.token}`,
      accept: "application/json",
    };
    let payload: string | undefined;
    if (body && "json" in body) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(body.form).toString();
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: body ? "POST" : "GET",
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CourierUnavailable(error instanceof Error ? error.name : "no answer");
    }
    const text = await response.text().catch(() => "");
    if (!statuses.includes(response.status)) throw new CourierUnavailable(`HTTP ${response.status}`);
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(text);
    } catch {
      throw new CourierUnavailable("an answer that is not JSON");
    }
    const parsed = schema.safeParse(parsedJson);
    if (!parsed.success) throw new CourierUnavailable(`an answer outside its protocol (${path})`);
    return parsed.data;
  };
}
