import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import {
  ANSWER_HEADERS,
  queryValues,
  type ApiCaller,
  type CallDescription,
  type CallMethod,
  type CallOptions,
  type CallResult,
  type HandlerOutput,
  type ParsedHeaders,
  type ParsedInput,
} from "../../contract/call";
import { isDatabaseUnavailable } from "../db/client";
import { comesFromAnotherSite, CROSS_SITE_MESSAGE, SAFE_METHODS } from "./cross-site";
import { errorAnswer } from "./error-handler";
import { badRequest, forbidden, invalidInput } from "./errors";
import { CACHED_ROUTE, type ResponseCache } from "./response-cache";
import { fieldWithNul, NUL_MESSAGE } from "./text-inputs";

/**
 * What a call's checks and handler may read of the request that made it: the API request itself, or, for a
 * call a page's loader makes in-process, the page's request (its session, address and origin).
 */
export type CallRequest = Pick<
  FastifyRequest,
  "method" | "headers" | "cookies" | "ip" | "host" | "log" | "user"
>;

/** The session cookie's attributes. */
export type CookieOptions = {
  path: string;
  httpOnly: boolean;
  sameSite: "lax" | "strict";
  secure: boolean;
  maxAge?: number;
};

/** What a call's checks and handler may do to its answer besides returning it. */
export type CallReply = {
  header(name: string, value: string | number): unknown;
  setCookie(name: string, value: string, options: CookieOptions): unknown;
  clearCookie(name: string, options: CookieOptions): unknown;
};

/** A check before the input is read (Fastify's onRequest): a session guard, a limit per address. */
export type RequestCheck = (request: CallRequest, reply: CallReply) => Promise<void>;
/** A check once the input is read and valid (Fastify's preHandler): a limit per account. */
export type InputCheck<Input = unknown> = (
  request: CallRequest,
  reply: CallReply,
  input: Input,
) => Promise<void>;

export type CallHandler<Call extends CallDescription> = (
  input: ParsedInput<Call>,
  context: { request: CallRequest; reply: CallReply; headers: ParsedHeaders<Call> },
) => Promise<HandlerOutput<Call>>;

/** How the server answers one call. */
export type ServedCall<Call extends CallDescription> = {
  onRequest?: RequestCheck[];
  preHandler?: InputCheck<ParsedInput<Call>>[];
  /** Answers kept in a response cache with this Cache-Control (the catalog's public GETs). */
  cached?: {
    cache: ResponseCache;
    cacheControl: string;
    /** What an answer shows (lib/cache-tags.ts): a change to it drops the answer. */
    tagsOf: (answer: HandlerOutput<Call>) => readonly string[];
  };
  /** The same call at another path or method (the spec's aliases); the OpenAPI document lists each. */
  alsoAt?: { path?: string; method?: CallMethod; description: string }[];
  /** Whether Fastify also answers HEAD for a GET (never for a GET that changes something). */
  exposeHeadRoute?: boolean;
  handler: CallHandler<Call>;
};

/**
 * A call run in-process: its answer (the envelope) as the output schema gives it; `shows` collects what a
 * kept answer shows.
 */
type InProcess = (
  request: CallRequest,
  reply: CallReply,
  input: unknown,
  shows: Set<string> | undefined,
) => Promise<object>;

/** The page's request, as the in-process caller reads it. */
export type PageRequest = Pick<FastifyRequest, "headers" | "cookies" | "ip" | "host" | "log">;

/** What a page passes on to the API from the browser's request: its session, language and origin. */
const FORWARDED_HEADERS = [
  "cookie",
  "authorization",
  "user-agent",
  "accept-language",
  "origin",
  "host",
  "sec-fetch-site",
] as const;

/**
 * The API's calls, each served from its description in contract/: `serve` registers the Fastify route
 * (schemas, OpenAPI, checks as hooks) and keeps the same handler and checks for `callerFor`, the client of
 * server-side loaders, which runs them without HTTP (docs/decisions/023-one-typed-seam.md).
 */
export function createCalls({ publicUrl }: { publicUrl: string }) {
  const publicOrigin = new URL(publicUrl).origin;
  // By method and path, not by the description object: the pages' copy of contract/ is another module
  // instance than the server's (React Router's build bundles its own; Vite loads its own in development).
  const inProcess = new Map<string, InProcess>();
  const keyOf = (call: CallDescription) => `${call.method} ${call.path}`;
  // Every call served, by method and path: a test checks that each call in contract/ is among them.
  const servedCalls = new Set<string>();

  /** A write a browser marks as coming from another site is refused, logged in or not (cross-site.ts). */
  const refuseAnotherSite: RequestCheck = async (request) => {
    if (!SAFE_METHODS.has(request.method) && comesFromAnotherSite(request, publicOrigin))
      throw forbidden(CROSS_SITE_MESSAGE);
  };
  /** PostgreSQL's text cannot hold a NUL character: refused, naming the field, before the schema reads it. */
  const refuseNul: InputCheck = async (_request, _reply, raw) => {
    const field = fieldWithNul(raw, "");
    if (field !== undefined) throw badRequest(NUL_MESSAGE, { [field]: NUL_MESSAGE });
  };

  function serve<Call extends CallDescription>(app: FastifyInstance, call: Call, served: ServedCall<Call>) {
    // The call's checks, declared once and run in this order by Fastify (as the route's hooks) and by the
    // in-process caller: before the input is read, on the input as sent, then the schema, then on the input.
    const pipeline = {
      onRequest: [refuseAnotherSite, ...(served.onRequest ?? [])],
      preValidation: [refuseNul],
      preHandler: served.preHandler ?? [],
    };
    const rawInputOf = (request: FastifyRequest) =>
      call.query ? request.query : call.body ? request.body : undefined;
    const inputOf = (request: FastifyRequest) => rawInputOf(request) as ParsedInput<Call>;
    const headersOf = (request: FastifyRequest) =>
      (call.headers ? request.headers : undefined) as ParsedHeaders<Call>;
    const answer = (request: FastifyRequest, reply: FastifyReply) =>
      served.handler(inputOf(request), { request, reply, headers: headersOf(request) });
    const send = served.cached?.cache.forRoute<HandlerOutput<Call>>(
      call.output,
      served.cached.cacheControl,
      served.cached.tagsOf,
    );
    const handler: RouteOptions["handler"] = send
      ? (request, reply) => send(request, reply, () => answer(request, reply))
      : call.produces
        ? async (request, reply) => reply.type(call.produces!).send(await answer(request, reply))
        : (request, reply) => answer(request, reply);
    // Fresh arrays for each route: plugins add their own hooks to a route's arrays (@fastify/compress does).
    const hooks = () => ({
      // As they are: the OpenAPI document finds the session guards among them (lib/api-docs.ts).
      onRequest: [...pipeline.onRequest],
      preValidation: pipeline.preValidation.map(
        (check) => (request: FastifyRequest, reply: FastifyReply) =>
          check(request, reply, rawInputOf(request)),
      ),
      preHandler: pipeline.preHandler.map(
        (check) => (request: FastifyRequest, reply: FastifyReply) => check(request, reply, inputOf(request)),
      ),
    });
    for (const place of [{ description: call.description }, ...(served.alsoAt ?? [])]) {
      const { path = call.path, method = call.method, description } = place as (typeof served.alsoAt & {})[0];
      app.route({
        method,
        url: path,
        ...(served.exposeHeadRoute === false ? { exposeHeadRoute: false } : {}),
        ...(served.cached ? CACHED_ROUTE : {}),
        schema: {
          tags: [call.tag],
          ...(description ? { description } : {}),
          ...(call.headers ? { headers: call.headers } : {}),
          ...(call.query ? { querystring: call.query } : {}),
          ...(call.body ? { body: call.body } : {}),
          // The form's fields, for the OpenAPI document only (lib/api-docs.ts): the route reads the stream.
          ...(call.form ? { consumes: ["multipart/form-data"], multipartBody: call.form } : {}),
          response: {
            200: call.produces
              ? { description: "OK", content: { [call.produces]: { schema: call.output } } }
              : call.output,
          },
        },
        ...hooks(),
        handler,
      });
    }
    servedCalls.add(keyOf(call));

    // A multipart form streams from the browser's request, a file goes to the browser: never in-process.
    if (call.form || call.produces) return;
    const kept = served.cached?.cache.inProcess<HandlerOutput<Call>>(call.output, served.cached.tagsOf);
    const routeUrl = `/api${call.path}`;
    inProcess.set(keyOf(call), async (request, reply, rawInput, shows) => {
      for (const check of pipeline.onRequest) await check(request, reply);
      const raw = call.query ? queryValues(rawInput) : call.body ? rawInput : undefined;
      for (const check of pipeline.preValidation) await check(request, reply, raw);
      const schema = call.query ?? call.body;
      const input = (schema ? valid(schema, raw) : undefined) as ParsedInput<Call>;
      const headers = (
        call.headers ? valid(call.headers, request.headers) : undefined
      ) as ParsedHeaders<Call>;
      for (const check of pipeline.preHandler) await check(request, reply, input);
      const answer = () => served.handler(input, { request, reply, headers });
      // A kept answer was checked by the output schema when it was kept: its JSON is the answer.
      if (kept) {
        const answered = await kept(routeUrl, input, answer);
        for (const tag of answered.tags) shows?.add(tag);
        return JSON.parse(answered.body.toString()) as object;
      }
      return z.encode(call.output, await answer()) as object;
    });
  }

  /**
   * The API client of one page request: each call runs the route's checks and handler with the page's
   * session and address, its input and answer checked by the call's schemas, as over HTTP. `shows`, when
   * given, collects what the kept answers the page is built from show (web/page-cache.ts);
   * `onDatabaseUnavailable` is told when a call failed because the database was out of reach (the page is
   * then answered 503, web/ssr.ts).
   */
  function callerFor(
    page: PageRequest,
    {
      serializeCookie,
      shows,
      onDatabaseUnavailable,
    }: { serializeCookie: SerializeCookie; shows?: Set<string>; onDatabaseUnavailable?: () => void },
  ) {
    // Read while the connection is open: Fastify reads it from the socket, gone once the client leaves.
    const ip = page.ip;
    const caller = async (
      call: CallDescription,
      input?: unknown,
      options: CallOptions<CallDescription> = {},
    ) => {
      const run = inProcess.get(keyOf(call));
      if (!run) throw new Error(`No route serves ${call.method} ${call.path}`);
      const headers: FastifyRequest["headers"] = {};
      for (const name of FORWARDED_HEADERS) {
        const value = page.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
      Object.assign(headers, options.headers);
      const request: CallRequest = {
        method: call.method,
        headers,
        cookies: page.cookies,
        ip,
        host: page.host,
        log: page.log,
        user: undefined,
      };
      const { reply, answerHeaders } = collectingReply(serializeCookie);
      let result: CallResult<CallDescription>;
      try {
        result = { ok: true, ...(await run(request, reply, input, shows)) };
      } catch (error) {
        const { status, envelope } = errorAnswer(error, page.log);
        result = { ok: false, status, ...envelope };
        if (isDatabaseUnavailable(error)) onDatabaseUnavailable?.();
      }
      for (const [name, value] of answerHeaders) options.answerHeaders?.append(name, value);
      return result;
    };
    // The generic signature of ApiCaller is checked where calls are made; here every call is one shape.
    return caller as ApiCaller;
  }

  /** Whether a route serves the call (`METHOD /path` under /api). */
  const serves = (call: CallDescription) => servedCalls.has(keyOf(call));

  return { serve, callerFor, serves };
}

export type Calls = ReturnType<typeof createCalls>;

type SerializeCookie = FastifyInstance["serializeCookie"];

/** The input as the schema reads it, or the 400 the API answers (error-handler.ts) for it. */
function valid(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(
    result.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
  );
}

/** A reply that keeps what a page passes on to the browser: the cookies set, Retry-After. */
function collectingReply(serializeCookie: SerializeCookie) {
  const answerHeaders = new Headers();
  const passedOn = new Set<string>(ANSWER_HEADERS);
  const reply: CallReply = {
    header: (name, value) => {
      if (passedOn.has(name.toLowerCase())) answerHeaders.set(name, String(value));
    },
    // As @fastify/cookie writes them (its setCookie and clearCookie).
    setCookie: (name, value, options) =>
      answerHeaders.append("set-cookie", serializeCookie(name, value, options)),
    clearCookie: (name, options) =>
      answerHeaders.append(
        "set-cookie",
        serializeCookie(name, "", { ...options, expires: new Date(0), maxAge: 0 }),
      ),
  };
  return { reply, answerHeaders };
}
