import { isRouteErrorResponse } from "react-router";

/** The request's logger on the server (pino: each entry one JSON line). */
export type PageLog = {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * What React Router reports on the server (entry.server.tsx's handleError). A client's mistake, an answer
 * of 4xx such as the 405 for a POST to a page that takes none, is logged at info level by its status and
 * reason, without a stack; anything else is an error, with its stack.
 */
export function logPageError(log: PageLog, error: unknown) {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = typeof error.data === "string" ? error.data : error.statusText;
    log.info({ status: error.status, reason }, "page request refused");
  } else log.error({ err: error }, "page request failed");
}
