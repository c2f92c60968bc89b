import { renderToReadableStream } from "react-dom/server.edge";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import stylesheet from "./app.css?inline";
import { StylesheetContext } from "./components/inline-stylesheet";
import { logPageError } from "./lib/page-errors";

export const streamTimeout = 5_000;

/**
 * Renders a page to HTML, with the stylesheet written into its <head> (see inline-stylesheet.tsx). Every
 * inline script carries the response's CSP nonce. The store's loaders return plain data (nothing
 * deferred), so the whole page is sent at once, which also suits crawlers.
 *
 * React's web-streams renderer, not its Node one: on Node 20 the Node renderer keeps each request in an
 * AsyncLocalStorage, and the first use of one installs promise hooks for the whole process, which made
 * every later request, the API's included, about a quarter slower (docs/decisions/024).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;
  // An error before the shell is ready rejects the render, and React Router reports it; only later
  // ones are logged here.
  let shellReady = false;
  const body = await renderToReadableStream(
    <StylesheetContext.Provider value={stylesheet}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </StylesheetContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellReady) logPageError(loadContext.log, error);
      },
    },
  );
  shellReady = true;
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Errors React Router reports go to the request's JSON log, client mistakes at info level (lib/page-errors). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) logPageError(context.log, error);
};
