import { DrizzleQueryError } from "drizzle-orm/errors";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorEnvelope } from "../../contract/envelope";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/client";
import {
  Conflict,
  DomainError,
  HttpError,
  invalidInput,
  NotAllowed,
  NotFound,
  OutOfStock,
  ProviderFailed,
  Unavailable,
} from "./errors";
import { leaveConnectionAfterRefusal } from "./refused-bodies";
import type { SecurityHeaders } from "./security-headers";

/**
 * What database errors carry of the query and its values: Drizzle's and PGlite's errors keep the query's
 * parameters (a registration's are a password hash, an e-mail and a phone number), and PostgreSQL's detail
 * and context quote the values that failed.
 */
const QUERY_PROPERTIES = new Set(["query", "params", "queryOptions", "detail", "where", "internalQuery"]);

type LoggedError = { type: string; message: string; stack: string; [property: string]: unknown };

/**
 * An error as the logs keep it (the logger's `err` serializer): its type, message, stack and own
 * properties, and its cause likewise, without anything that carries a query's values. A failed query is
 * logged by the database's message and code; DrizzleQueryError's own message lists the parameters.
 */
export function errorForLog(error: Error): LoggedError {
  // The logger hands over whatever was logged as `err`.
  if (!(error instanceof Error)) return error;
  const type = error.constructor.name;
  const message =
    error instanceof DrizzleQueryError
      ? `Failed query: ${error.cause instanceof Error ? error.cause.message : "unknown cause"}`
      : error.message;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join("\n") };
  for (const [key, value] of Object.entries(error))
    if (!QUERY_PROPERTIES.has(key) && key !== "cause") logged[key] = value;
  if (error.cause !== undefined)
    logged.cause = error.cause instanceof Error ? errorForLog(error.cause) : error.cause;
  return logged;
}

/** A request that needed the database while it was out of reach (503). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The store cannot reach its database just now. Please try again in a moment.";

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON in the request body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Invalid content length",
  FST_ERR_BAD_URL: "Malformed URL",
};

/**
 * Every error leaves in the envelope `{ code, message, errors? }`. Validation errors name each field with
 * the message of the contract schema; other client errors keep a clear message; a 5xx never says more than
 * that something went wrong.
 */
function answerError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const thrown = hasZodFastifySchemaValidationErrors(error)
    ? invalidInput(
        error.validation.map((issue) => ({
          field: issue.instancePath.replace(/^\//, "").replace(/\//g, "."),
          message: issue.message ?? "Invalid value",
        })),
      )
    : error;
  const { status, envelope } = errorAnswer(thrown, request.log);
  if (!(error instanceof HttpError) && error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    leaveConnectionAfterRefusal(request, reply, request.routeOptions.bodyLimit);
  return reply.code(status).send(envelope);
}

/** The one place a domain's error becomes an HTTP status (errors.ts names the kinds). */
const DOMAIN_STATUSES: [new (...args: never[]) => DomainError, number][] = [
  [NotFound, 404],
  [NotAllowed, 409],
  [Conflict, 409],
  [OutOfStock, 409],
  [Unavailable, 503],
  [ProviderFailed, 502],
];

/** A domain error's HTTP status; a kind not listed here is a mistake of ours (500). */
export const domainStatus = (error: DomainError) =>
  DOMAIN_STATUSES.find(([kind]) => error instanceof kind)?.[1] ?? 500;

/**
 * The envelope of an error that is not a validation error: a domain error's status (domainStatus) and
 * message, an HttpError's status and message, another client error's clear message, or, logged, a 500 that
 * says no more than that something went wrong. Also used for the calls pages make in-process (calls.ts).
 */
export function errorAnswer(
  thrown: unknown,
  log: FastifyBaseLogger,
): { status: number; envelope: ErrorEnvelope } {
  const told =
    thrown instanceof HttpError
      ? { error: thrown, status: thrown.statusCode }
      : thrown instanceof DomainError && domainStatus(thrown) !== 500
        ? { error: thrown, status: domainStatus(thrown) }
        : null;
  if (told)
    return {
      status: told.status,
      envelope: {
        code: told.status,
        message: told.error.message,
        ...(told.error.errors ? { errors: told.error.errors } : {}),
      },
    };
  const error = thrown as Partial<FastifyError>;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = (error.code && CLIENT_ERROR_MESSAGES[error.code]) ?? error.message ?? "Bad request";
    return { status, envelope: { code: status, message } };
  }
  // The database out of reach (down, restarting, its connection cut): the store is unavailable for now, as
  // /api/health says, and answers again once the pool connects.
  if (isDatabaseUnavailable(thrown)) {
    log.warn({ err: thrown }, "request failed: the database is not answering");
    return { status: 503, envelope: { code: 503, message: DATABASE_UNAVAILABLE_MESSAGE } };
  }
  log.error({ err: thrown }, "request failed");
  return { status: 500, envelope: { code: 500, message: "Something went wrong. Please try again." } };
}

/**
 * Fastify's `frameworkErrors`: the errors it finds before any hook runs (a malformed URL such as `/%zz`)
 * are answered like any other, with the security headers the hooks would have set.
 */
export function answerEarlyErrors(securityHeaders: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    return answerError(error, request, reply);
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (two Content-Lengths, a bad chunk, an
 * impossible header), headers too large, or a client too slow (config.timeouts) is answered with the
 * envelope and the security headers, and its connection closed.
 */
export function answerMalformedRequests(securityHeaders: SecurityHeaders) {
  const headers = securityHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, message] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "The request took too long to arrive"]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "The request's headers are too large"]
          : [400, "Malformed request"];
    const body = JSON.stringify({ code: status, message });
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}Content-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    socket.destroy(error);
  };
}

/** The methods an API path is served with, for the Allow header of a 405. */
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"] as const;

/**
 * An API request no call answers: 405 with Allow when the path is a call's with another method (a PUT to
 * the login), else 404.
 */
export async function answerApiCallNotFound(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const path = request.url.split("?")[0]!;
  const allowed = API_METHODS.filter((method) => this.hasRoute({ method, url: path }));
  if (allowed.length > 0)
    return reply
      .code(405)
      .header("allow", allowed.join(", "))
      .send({ code: 405, message: `${path} does not take ${request.method} requests.` });
  return reply.code(404).send({ code: 404, message: `No such API call: ${request.method} ${path}` });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(answerError);

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ code: 404, message: `No such API call: ${request.method} ${request.url.split("?")[0]}` });
  });
}
