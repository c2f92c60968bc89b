import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import * as accounts from "../../contract/accounts";
import * as addresses from "../../contract/addresses";
import * as books from "../../contract/books";
import * as cashOnDelivery from "../../contract/cash-on-delivery";
import * as catalog from "../../contract/catalog";
import * as contact from "../../contract/contact";
import * as courierParcels from "../../contract/courier-parcels";
import * as delivery from "../../contract/delivery";
import * as grievances from "../../contract/grievances";
import * as gst from "../../contract/gst";
import * as orders from "../../contract/orders";
import * as payments from "../../contract/payments";
import * as privacy from "../../contract/privacy";
import * as productEditing from "../../contract/product-editing";
import * as returns from "../../contract/returns";
import * as reviews from "../../contract/reviews";
import * as shipping from "../../contract/shipping";
import * as sizeCharts from "../../contract/size-charts";
import * as staffOrders from "../../contract/staff-orders";
import * as staffProducts from "../../contract/staff-products";
import * as stockAlerts from "../../contract/stock-alerts";
import * as storeSettings from "../../contract/store-settings";
import * as tailoring from "../../contract/tailoring";
import * as whatsapp from "../../contract/whatsapp";
import {
  queryValues,
  type CallDescription,
  type CallHeaders,
  type CallInput,
  type CallOutput,
} from "../../contract/call";
import { errorEnvelope, type ErrorEnvelope } from "../../contract/envelope";
import { freshIp } from "./accounts";

/**
 * The API tests' client: one function per call described in contract/ (`placeOrderCall` is
 * `api.placeOrder`), each sent through `app.inject` to the path and method its description names, its input
 * typed by the call's schema and its answer by the call's output schema, and checked against it.
 *
 *     const placed = await api.as(shopper.token).placeOrder({ items, addressId, paymentMethod: "phonePe" });
 *     expect(placed.status).toBe(200);
 *     placed.body.data.orderId; // typed; reading it throws, with the answer, when the status is not 200
 *
 * Each call comes from an address of its own unless `ip` says otherwise, so that rate limits count only where a
 * test means them to. An input the contract does not allow (the tests of bad input) is sent as
 * `malformed({ … })`. Requests that no call describes (raw bodies, aliases, pages) stay with `app.inject`.
 */
export type TestApi = CallFunctions<typeof SESSIONLESS> & {
  /** The same calls with a session: `Authorization: Bearer <token>`. */
  as(token: string): CallFunctions<typeof SESSIONLESS>;
  /** Any call by its description (a table of calls). */
  send<Call extends CallDescription>(
    call: Call,
    input?: CallInput<Call> | Malformed,
    options?: SendOptions<Call>,
  ): Promise<Answer<Call>>;
};

export type SendOptions<Call extends CallDescription> = {
  /** A session token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The call's own headers (an Idempotency-Key) and any other a test sends (Origin, Cookie). */
  headers?: (CallHeaders<Call> extends undefined ? unknown : CallHeaders<Call>) & Record<string, string>;
  /** The client's address; by default a new one for each call. */
  ip?: string;
};

/** What the store answered: the status and headers, and the body read as the contract describes it. */
export type Answer<Call extends CallDescription> = {
  status: number;
  headers: LightMyRequestResponse["headers"];
  cookies: LightMyRequestResponse["cookies"];
  /** The 200 answer, checked against the call's output schema (a file's bytes for a call that sends a file). Throws on another status. */
  readonly body: Call extends { produces: string } ? Buffer : CallOutput<Call>;
  /** The error envelope of any other status. Throws on a 200. */
  readonly error: ErrorEnvelope;
  /** The answer as `app.inject` gave it. */
  response: LightMyRequestResponse;
};

declare const malformedInput: unique symbol;
/** An input the contract does not allow, sent as it is. */
export type Malformed = { readonly [malformedInput]: true };
export const malformed = (input: unknown) => input as Malformed;

/** Every call description that contract/'s modules export, by export name. */
const CONTRACT = {
  ...accounts,
  ...addresses,
  ...books,
  ...cashOnDelivery,
  ...catalog,
  ...contact,
  ...courierParcels,
  ...delivery,
  ...grievances,
  ...gst,
  ...orders,
  ...payments,
  ...privacy,
  ...productEditing,
  ...returns,
  ...reviews,
  ...shipping,
  ...sizeCharts,
  ...staffOrders,
  ...staffProducts,
  ...stockAlerts,
  ...storeSettings,
  ...tailoring,
  ...whatsapp,
};
type Contract = typeof CONTRACT;
type CallNames = {
  [K in keyof Contract]: K extends `${infer Name}Call`
    ? Contract[K] extends CallDescription
      ? Name
      : never
    : never;
}[keyof Contract];
type CallTable = { [Name in CallNames]: Contract[`${Name}Call`] & CallDescription };
const SESSIONLESS = Object.fromEntries(
  Object.entries(CONTRACT).flatMap(([exported, value]) =>
    exported.endsWith("Call") && isCall(value) ? [[exported.slice(0, -"Call".length), value]] : [],
  ),
) as CallTable;

type CallFunctions<Table extends Record<string, CallDescription>> = {
  [Name in keyof Table]: CallFunction<Table[Name]>;
};
type CallFunction<Call extends CallDescription> = (
  ...[input, options]: CallInput<Call> extends undefined
    ? [input?: undefined | Malformed, options?: SendOptions<Call>]
    : [input: CallInput<Call> | Malformed, options?: SendOptions<Call>]
) => Promise<Answer<Call>>;

/** The calls the client knows (a test checks that they are all of contract/'s). */
export const CLIENT_CALLS: readonly CallDescription[] = Object.values(SESSIONLESS);

export function testApi(app: FastifyInstance): TestApi {
  const functions = (token?: string) =>
    Object.fromEntries(
      Object.entries(SESSIONLESS).map(([name, call]) => [
        name,
        (input?: unknown, options: SendOptions<CallDescription> = {}) =>
          send(app, call, input, { token, ...options }),
      ]),
    ) as CallFunctions<CallTable>;
  return Object.assign(functions(), {
    as: (token: string) => functions(token),
    send: <Call extends CallDescription>(call: Call, input?: unknown, options?: SendOptions<Call>) =>
      send(app, call, input, options),
  });
}

async function send<Call extends CallDescription>(
  app: FastifyInstance,
  call: Call,
  input: unknown,
  options: SendOptions<Call> = {},
): Promise<Answer<Call>> {
  const headers: Record<string, string> = {};
  let url = `/api${call.path}`;
  let payload: string | undefined;
  if (call.query) {
    const query = new URLSearchParams(queryValues(input)).toString();
    if (query) url += `?${query}`;
  } else if (call.body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(input ?? {});
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const response = await app.inject({
    method: call.method,
    url,
    headers,
    payload,
    remoteAddress: options.ip ?? freshIp(),
  });
  return answerOf(call, response);
}

function answerOf<Call extends CallDescription>(call: Call, response: LightMyRequestResponse): Answer<Call> {
  const named = `${call.method} /api${call.path}`;
  let body: unknown;
  let read = false;
  return {
    status: response.statusCode,
    headers: response.headers,
    cookies: response.cookies,
    response,
    get body() {
      if (response.statusCode !== 200)
        throw new Error(`${named} answered ${response.statusCode}, not 200: ${response.body}`);
      if (!read) {
        body = call.produces ? response.rawPayload : checked(named, call.output, response.json());
        read = true;
      }
      return body as Answer<Call>["body"];
    },
    get error() {
      if (response.statusCode === 200)
        throw new Error(`${named} answered 200, not an error: ${response.body}`);
      return checked(named, errorEnvelope, response.json()) as ErrorEnvelope;
    },
  };
}

/** The JSON as it came (a test may check what it must not carry), once the schema has read it. */
function checked(named: string, schema: CallDescription["output"], json: unknown): unknown {
  const result = schema.safeParse(json);
  if (!result.success)
    throw new Error(`${named} answered what the contract does not describe: ${result.error.message}`);
  return json;
}

function isCall(value: unknown): value is CallDescription {
  return (
    typeof value === "object" && value !== null && "method" in value && "path" in value && "output" in value
  );
}
