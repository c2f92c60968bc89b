import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import stylesheet from "./app.css?inline";
import { StylesheetContext } from "./components/inline-stylesheet";

export const streamTimeout = 5_000;

/**
 * Renders a page to HTML, with the stylesheet written into its <head> (see inline-stylesheet.tsx). Every
 * inline script carries the response's CSP nonce. The store's loaders
 * return plain data (nothing deferred), so the whole page is sent at once, which also suits crawlers.
 */
export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetContext.Provider value={stylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
