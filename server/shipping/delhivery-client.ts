import type { z } from "zod";
import { DELHIVERY_PATHS, expectedTatAnswer, pincodeAnswer } from "./delhivery-protocol";
import { CourierUnavailable, type PincodeService, type ShippingProvider } from "./shipping-provider";

/**
 * Delhivery B2C over HTTP (../shared/reference/delhivery.md): `Authorization: Token`, JSON asked for with
 * Accept, every answer read through delhivery-protocol.ts. The built-in sandbox speaks the same protocol; only
 * the base URL and the token differ.
 */
export type DelhiverySettings = {
  baseUrl: string;
  token: string;
  /** How long a call may take (8 s unless a test says otherwise). */
  timeoutMs?: number;
};

/** Delhivery's slowest routes answer in seconds; a shopper's delivery check should not wait longer than this. */
const REQUEST_TIMEOUT_MS = 8_000;

export function createDelhiveryClient(settings: DelhiverySettings): ShippingProvider {
  /** A GET read through `schema`; anything else (network, 4xx/5xx, HTML, truncated JSON) is CourierUnavailable. */
  async function get<Schema extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: Schema,
  ): Promise<z.infer<Schema>> {
    const url = `${settings.baseUrl}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Token ${settings.token}`, accept: "application/json" },
        signal: AbortSignal.timeout(settings.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CourierUnavailable(error instanceof Error ? error.name : "no answer");
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) throw new CourierUnavailable(`HTTP ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new CourierUnavailable("an answer that is not JSON");
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new CourierUnavailable(`an answer outside its protocol (${path})`);
    return parsed.data;
  }

  return {
    courier: "delhivery",

    async pincodeService(pincode): Promise<PincodeService> {
      const answer = await get(DELHIVERY_PATHS.pincodes, { filter_codes: pincode }, pincodeAnswer);
      const code = answer.delivery_codes.find(
        (entry) => String(entry.postal_code.pin) === pincode,
      )?.postal_code;
      if (!code) return { pincode, serviceable: false, cod: false, embargoed: false };
      const embargoed = code.remarks.trim().toLowerCase() === "embargo";
      return {
        pincode,
        serviceable: !embargoed && code.pre_paid === "Y",
        cod: !embargoed && code.cod === "Y",
        embargoed,
      };
    },

    async transitDays(originPincode, pincode) {
      const answer = await get(
        DELHIVERY_PATHS.expectedTat,
        { origin_pin: originPincode, destination_pin: pincode, mot: "S", pdt: "B2C" },
        expectedTatAnswer,
      );
      return answer.data.tat;
    },
  };
}
