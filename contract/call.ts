import type { z } from "zod";
import type { ErrorEnvelope } from "./envelope";

export type CallMethod = "GET" | "POST" | "DELETE";

/**
 * One call of the HTTP API, described once: the server registers its route from it (server/lib/calls.ts)
 * and the app's client calls it through it (app/lib/api-client.ts in the browser, the in-process caller
 * on the server), so a changed field fails the type check on both sides.
 */
export type CallDescription = {
  method: CallMethod;
  /** Under the API's base `/api`, as the spec names it. */
  path: string;
  /** The OpenAPI tag the call is listed under. */
  tag: string;
  description?: string;
  /** A GET's query: its values travel as text, and the schema reads them. */
  query?: z.ZodType;
  /** A POST's JSON body. */
  body?: z.ZodType;
  /**
   * A body of multipart/form-data, which the route reads itself as it streams: the schema of its fields
   * describes it in the OpenAPI document, and is never run.
   */
  form?: z.ZodType;
  /** Headers the call takes, besides the session (e.g. an Idempotency-Key). */
  headers?: z.ZodType;
  /** The answer with status 200: the envelope `{ code, message, data }`, or the file `produces` names. */
  output: z.ZodType;
  /**
   * The 200 answer is a file of this media type (a PDF to download), not the envelope: the handler returns
   * its bytes, and pages link to the call instead of calling it in-process.
   */
  produces?: string;
};

/** Describes a call; keeps its exact type, so that inputs and answers are inferred from its schemas. */
export const defineCall = <const Call extends CallDescription>(call: Call): Call => call;

type SchemaOf<Call, Key extends string> = Call extends { [K in Key]: infer S extends z.ZodType } ? S : never;

/** What a client passes: the input type of the query or body schema. */
export type CallInput<Call extends CallDescription> = Call extends { query: z.ZodType }
  ? z.input<SchemaOf<Call, "query">>
  : Call extends { body: z.ZodType }
    ? z.input<SchemaOf<Call, "body">>
    : Call extends { form: z.ZodType }
      ? FormData
      : undefined;

/** What a route handler is given: the input as the query or body schema parsed it. */
export type ParsedInput<Call extends CallDescription> = Call extends { query: z.ZodType }
  ? z.output<SchemaOf<Call, "query">>
  : Call extends { body: z.ZodType }
    ? z.output<SchemaOf<Call, "body">>
    : undefined;

/** The headers a call takes, as a client passes them and as the route reads them. */
export type CallHeaders<Call extends CallDescription> = Call extends { headers: z.ZodType }
  ? z.input<SchemaOf<Call, "headers">>
  : undefined;
export type ParsedHeaders<Call extends CallDescription> = Call extends { headers: z.ZodType }
  ? z.output<SchemaOf<Call, "headers">>
  : undefined;

/** The answer of a call as its output schema describes it. */
export type CallOutput<Call extends CallDescription> = z.output<Call["output"]>;

/** What a route handler returns (what the output schema takes in; a file's bytes). */
export type HandlerOutput<Call extends CallDescription> = Call extends { produces: string }
  ? Uint8Array
  : z.input<Call["output"]>;

/** A call's result for the app: its answer, or the error envelope with the HTTP status (0: no answer). */
export type CallResult<Call extends CallDescription> =
  ({ ok: true } & CallOutput<Call>) | ({ ok: false; status: number } & ErrorEnvelope);

export type CallOptions<Call extends CallDescription> = {
  /** A token sent as `Authorization: Bearer` (the registration token of the code dialog). */
  bearer?: string;
  /** The headers the call itself takes. */
  headers?: CallHeaders<Call>;
  /** Receives the headers the answer sets that a page passes on (the session cookie, Retry-After). */
  answerHeaders?: Headers;
};

/** Calls the store's API through a call's description: in the browser over HTTP, on the server in-process. */
export type ApiCaller = <Call extends CallDescription>(
  call: Call,
  ...[input, options]: CallInput<Call> extends undefined
    ? [input?: undefined, options?: CallOptions<Call>]
    : [input: CallInput<Call>, options?: CallOptions<Call>]
) => Promise<CallResult<Call>>;

/**
 * A query as it travels: each value as text, without the empty ones (as a form leaves them). Both callers
 * use it, so the query schema reads the same text whichever way the call goes.
 */
export function queryValues(input: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof input !== "object" || input === null) return values;
  for (const [key, value] of Object.entries(input))
    if (value !== undefined && value !== null && value !== "") values[key] = String(value);
  return values;
}

/** The headers of a response that a page passes on to the browser. */
export const ANSWER_HEADERS = ["set-cookie", "retry-after"] as const;
