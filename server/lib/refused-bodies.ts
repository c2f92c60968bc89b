import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * How the connection of a request answered before its body was read (a body too large, a write from another
 * site, a method the page does not take) is left, by the answer's headers:
 * - a body announced larger than `limit` is not read at all: the answer says `Connection: close`, and a client
 *   told before it sent (as one waiting with `Expect: 100-continue` is) sends none of it;
 * - any other body still arriving flows past unread until it ends, on a connection kept alive. Closing it with
 *   bytes still arriving would reset it, and the client could lose the answer before reading it (RFC 9112,
 *   9.6): a shopper would see "connection reset" rather than the store's 413. The request timeout
 *   (config.timeouts) bounds how long a client may go on sending.
 */
export function leaveConnectionAfterRefusal(request: FastifyRequest, reply: FastifyReply, limit: number) {
  if (announcedLargerThan(request, limit)) {
    reply.header("connection", "close");
    return;
  }
  // Fastify says `Connection: close` on every body it refuses.
  reply.removeHeader("connection");
  request.raw.resume();
}

/** Whether the request's Content-Length says its body is larger than `limit` (refused before any is read). */
export const announcedLargerThan = (request: FastifyRequest, limit: number) =>
  Number(request.headers["content-length"] ?? 0) > limit;
