import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import stylesheet from "./app.css?inline";
import { StylesheetContext } from "./components/inline-stylesheet";
import { logPageError } from "./lib/page-errors";

export const streamTimeout = 5_000;

/**
 * Renders a page to HTML, with the stylesheet written into its <head> (see inline-stylesheet.tsx). Every
 * inline script carries the response's CSP nonce. The store's loaders return plain data (nothing
 * deferred), so the whole page is read into one buffer and sent at once, which also suits crawlers.
 *
 * React's Node renderer: it writes the page's text straight into its buffers, where the web-streams renderer
 * encodes every attribute and text into a new array of its own (docs/decisions/030).
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  let html: Buffer;
  try {
    html = await new Promise<Buffer>((resolve, reject) => {
      // An error before the shell is ready rejects the render, and React Router reports it; only later
      // ones are logged here.
      let shellReady = false;
      const { pipe, abort } = renderToPipeableStream(
        <StylesheetContext.Provider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext.Provider>,
        {
          nonce,
          onShellReady() {
            shellReady = true;
          },
          onShellError: reject,
          onAllReady() {
            const chunks: Buffer[] = [];
            const body = new PassThrough();
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => resolve(Buffer.concat(chunks)));
            pipe(body);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellReady) logPageError(loadContext.log, error);
          },
        },
      );
      timer = setTimeout(abort, streamTimeout + 1000);
    });
  } finally {
    clearTimeout(timer);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const body = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Errors React Router reports go to the request's JSON log, client mistakes at info level (lib/page-errors). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) logPageError(context.log, error);
};
