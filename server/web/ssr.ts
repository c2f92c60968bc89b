import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import fastifyStatic from "@fastify/static";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { ApiCaller } from "../../contract/call";
import type { Calls } from "../lib/calls";
import { comesFromAnotherSite, CROSS_SITE_MESSAGE, SAFE_METHODS } from "../lib/cross-site";
import { DATABASE_UNAVAILABLE_MESSAGE, errorAnswer } from "../lib/error-handler";
import { forbidden, HttpError } from "../lib/errors";
import { carriesSession, PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { matchesEtag, preferredEncoding } from "../lib/response-cache";
import { announcedLargerThan, leaveConnectionAfterRefusal } from "../lib/refused-bodies";
import { pageKey, shareable, type CachedPage, type PageCache } from "./page-cache";
import { pageMethodsOf } from "./page-methods";

export type WebBuild =
  /** `npm run build`'s output: the server bundle and the browser assets. */
  | { server: ServerBuild; clientDir: string }
  /** `npm run dev` (server/dev.ts): Vite in middleware mode, given the store's HTTP server for hot reload. */
  | { startVite: (httpServer: Server) => Promise<ViteDevServer> };

declare module "react-router" {
  interface AppLoadContext {
    /**
     * Calls the store's own API in-process through the calls' descriptions (contract/), with the shopper's
     * session and address: the route's checks and handler run without HTTP (lib/calls.ts).
     */
    api: ApiCaller;
    /** The CSP nonce of this response, for the inline scripts React Router writes. */
    nonce: string;
    publicUrl: string;
    /** The request's logger (JSON lines), for the errors React Router reports (entry.server.tsx). */
    log: FastifyBaseLogger;
    /**
     * A request the store refused before React Router saw it (a method the page does not take, a body too
     * large or from another site): the root loader throws it, so that the store's error page says why.
     */
    refusal?: { status: number; message: string };
  }
}

/** `scriptSources`: the response's nonce, or the hashes of a cached page's inline scripts. */
function contentSecurityPolicy(scriptSources: string[], imageSources: string) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources}`,
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Serves the built browser assets and hands every other request to the React Router app, whose loaders
 * reach data through the same API calls, made in-process (no HTTP, no app.inject: lib/calls.ts). In development
 * (`npm run dev`) Vite serves the browser's modules instead, and pages are rendered from the current sources.
 */
export async function registerWeb(
  app: FastifyInstance,
  {
    build,
    publicUrl,
    mediaOrigin,
    env,
    sessionCookie,
    pageCache,
    calls,
  }: {
    build: WebBuild;
    publicUrl: string;
    /** Where images come from when media is in a bucket (MEDIA_PUBLIC_URL); unset, from /media. */
    mediaOrigin: string | undefined;
    env: string;
    sessionCookie: string;
    /** Pages guests are given, kept for them (web/page-cache.ts); none in development. */
    pageCache?: PageCache;
    /** The API's calls, which loaders and actions make in-process. */
    calls: Calls;
  },
) {
  const imageSources = ["'self' data: blob:", mediaOrigin].filter(Boolean).join(" ");
  let serverBuild: ServerBuild | (() => Promise<ServerBuild>);
  let vite: ViteDevServer | undefined;
  if ("startVite" in build) {
    const devServer = await build.startVite(app.server);
    app.addHook("onClose", () => devServer.close());
    vite = devServer;
    serverBuild = currentServerBuild(devServer);
  } else {
    await serveBuiltAssets(app, build.clientDir);
    serverBuild = build.server;
  }

  // React Router runs a page's action only when its Origin is the store's public origin: other writes are
  // refused here as a client's mistake (403), rather than by React Router (400, reported as an error).
  const publicOrigin = new URL(publicUrl).origin;
  const isWriteFromElsewhere = (request: FastifyRequest) =>
    !SAFE_METHODS.has(request.method) &&
    (comesFromAnotherSite(request, publicOrigin) ||
      (request.headers.origin !== undefined && request.headers.origin !== publicOrigin));

  const handleRequest = createRequestHandler(
    serverBuild,
    env === "production" ? "production" : "development",
  );
  // The methods each page takes; in development, of the build made from the current sources.
  const builtMethods = typeof serverBuild === "function" ? undefined : pageMethodsOf(serverBuild);
  const methodsOf = async () =>
    builtMethods ?? pageMethodsOf(await (serverBuild as () => Promise<ServerBuild>)());

  // Kept pages being rendered again in the background: the store waits for them before it closes.
  const renderingAgain = new Set<Promise<void>>();
  app.addHook("preClose", async () => {
    await Promise.allSettled(renderingAgain);
  });

  await app.register(async (web) => {
    // Pages take forms as React Router actions: leave the body unparsed and stream it to the handler.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, _payload, done) => done(null));
    if (vite) web.addHook("onRequest", viteAnswersFirst(vite));
    // In development a page loads dozens of modules from Vite: their request logs would drown the API's.
    const quietInDevelopment = vite ? { logLevel: "warn" as const } : {};

    // A client's mistake on a page (found here, or by Fastify before the handler, such as a malformed
    // Content-Type) is answered with the store's error page; anything else as the API answers it.
    web.setErrorHandler(async (error, request, reply) => {
      const { status, envelope } = errorAnswer(error, request.log);
      if (status >= 500) return reply.code(status).send(envelope);
      return refusePage(request, reply, new HttpError(status, envelope.message));
    });

    web.all("/*", { schema: { hide: true }, ...quietInDevelopment }, renderPage);

    async function renderPage(request: FastifyRequest, reply: FastifyReply) {
      // Every page takes GET and HEAD: only another method looks its route up (matching the route table
      // costs more than sending a kept page).
      if (request.method !== "GET" && request.method !== "HEAD") {
        const allowed = (await methodsOf())(request.url.split("?")[0]!);
        if (!allowed.includes(request.method)) {
          reply.header("allow", allowed.join(", "));
          throw new HttpError(405, `This page does not take ${request.method} requests.`);
        }
      }
      if (isWriteFromElsewhere(request)) throw forbidden(CROSS_SITE_MESSAGE);
      const shared = pageCache && !vite && isGuestRead(request) ? pageCache : undefined;
      // A guest's page is rendered for its address without tracking parameters, and kept under it.
      const key = shared ? pageKey(request.url) : request.url;
      if (shared) {
        const kept = shared.lookup(key);
        if (kept) {
          if (kept.refresh) renderAgain(request, key, shared);
          return sendCachedPage(reply, request, shared, kept.page, kept.stale ? "stale" : "hit");
        }
      }
      const renderedAt = shared?.mark();
      let rendered: Rendered;
      try {
        rendered = await render(request, key);
      } catch (error) {
        shared?.drop(key);
        throw error;
      }
      const { response, nonce } = rendered;
      // A page whose data could not be read while the database was out of reach is the store's error page,
      // 503 as the API answers, rather than the page without its data (an empty list, a product "not found").
      if (rendered.databaseUnavailable) {
        shared?.drop(key);
        await response.body?.cancel();
        return refusePage(request, reply, new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE));
      }
      if (shared && renderedAt !== undefined) {
        const page = await keepIfShareable(shared, key, rendered, renderedAt);
        if (page) return sendCachedPage(reply, request, shared, page, "miss");
      }
      reply.header("content-security-policy", contentSecurityPolicy([`'nonce-${nonce}'`], imageSources));
      return sendWebResponse(reply, response, { withSession: carriesSession(request, sessionCookie) });
    }

    type Rendered = { response: Response; nonce: string; shows: Set<string>; databaseUnavailable: boolean };

    /** React Router's answer to the request for the page at `path`, and what its data showed. */
    async function render(request: FastifyRequest, path: string): Promise<Rendered> {
      const nonce = randomBytes(16).toString("base64");
      // What the page shows: what the API answers it is built from show.
      const rendered = { nonce, shows: new Set<string>(), databaseUnavailable: false };
      const api = calls.callerFor(request, {
        serializeCookie: app.serializeCookie,
        shows: rendered.shows,
        onDatabaseUnavailable: () => (rendered.databaseUnavailable = true),
      });
      const response = await handleRequest(await toWebRequest(request, path, publicOrigin), {
        api,
        nonce,
        publicUrl,
        log: request.log,
      });
      return { ...rendered, response };
    }

    /** Keeps a guest's rendered page for the next guests when it may be shared; else drops the kept one. */
    async function keepIfShareable(cache: PageCache, key: string, rendered: Rendered, renderedAt: number) {
      const sharing = !rendered.databaseUnavailable && shareable(rendered.response);
      if (!sharing) {
        cache.drop(key);
        return undefined;
      }
      const { response } = rendered;
      const body = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get("content-type") ?? "text/html; charset=utf-8";
      const cacheControl = response.headers.get("cache-control") ?? "";
      return cache.keep(
        key,
        { body, contentType, cacheControl, ...sharing, shows: [...rendered.shows] },
        renderedAt,
      );
    }

    /**
     * Renders a stale kept page again in the background, its request having been given the stale copy: the
     * next guests get the new one, and none waits on the expiry. A render that fails drops the stale copy.
     */
    function renderAgain(request: FastifyRequest, key: string, cache: PageCache) {
      const renderedAt = cache.mark();
      const rendering = render(request, key)
        .then(async (rendered) => {
          const kept = await keepIfShareable(cache, key, rendered, renderedAt);
          if (!kept) await rendered.response.body?.cancel();
        })
        .catch((error: unknown) => {
          cache.drop(key);
          request.log.warn({ err: error }, "a kept page could not be rendered again");
        })
        .finally(() => renderingAgain.delete(rendering));
      renderingAgain.add(rendering);
    }

    /**
     * A page request refused before React Router took it (`error` a 4xx), or whose data could not be read
     * while the database was out of reach (503): the store's error page, rendered by the root route with the
     * refusal's status and message. A body still arriving is not read (lib/refused-bodies.ts).
     */
    async function refusePage(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
      // As React Router's own refusals are logged (app/lib/page-errors.ts): at info level, without a stack.
      request.log.info({ status: error.statusCode, reason: error.message }, "page request refused");
      const nonce = randomBytes(16).toString("base64");
      const api = calls.callerFor(request, { serializeCookie: app.serializeCookie });
      const response = await handleRequest(new Request(new URL(REFUSED_PAGE, publicOrigin)), {
        api,
        nonce,
        publicUrl,
        log: request.log,
        refusal: { status: error.statusCode, message: error.message },
      });
      leaveConnectionAfterRefusal(request, reply, PAGE_BODY_LIMIT);
      reply.header("content-security-policy", contentSecurityPolicy([`'nonce-${nonce}'`], imageSources));
      return sendWebResponse(
        reply,
        new Response(response.body, { status: error.statusCode, headers: response.headers }),
        { withSession: carriesSession(request, sessionCookie) },
      );
    }

    /**
     * A page from the cache: its own CSP (the hashes of its scripts), an ETag a browser asking again gets a
     * 304 for, its Age, and X-Page-Cache saying whether it was rendered for this request (miss), kept (hit),
     * or kept past its freshness while another request renders it again (stale).
     */
    function sendCachedPage(
      reply: FastifyReply,
      request: FastifyRequest,
      cache: PageCache,
      page: CachedPage,
      state: "hit" | "stale" | "miss",
    ) {
      reply
        .header("content-security-policy", contentSecurityPolicy(page.scriptHashes, imageSources))
        .header("cache-control", page.cacheControl)
        .header("vary", "Cookie, Accept-Encoding")
        .header("etag", page.etag)
        .header("age", Math.floor((Date.now() - page.storedAt) / 1000))
        .header("x-page-cache", state)
        .type(page.contentType);
      if (matchesEtag(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(cache.encodedBody(page, encoding, state !== "miss"));
    }
  });
}

/**
 * A request any guest could have made: a GET without cookies or credentials. Only such requests are served
 * from the page cache or fill it: a shopper with a session (or any cookie of the store's) is always rendered
 * their own page.
 */
const isGuestRead = (request: FastifyRequest) =>
  request.method === "GET" &&
  request.headers.cookie === undefined &&
  request.headers.authorization === undefined;

/** The built browser assets: those under /assets never change (their names carry a hash of their content). */
async function serveBuiltAssets(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: false,
    decorateReply: false,
    // `npm run build` writes .br and .gz copies of the assets (scripts/compress-assets.mjs).
    preCompressed: true,
    setHeaders(res, filePath: string) {
      const relative = path.relative(clientDir, filePath);
      res.header(
        "cache-control",
        relative.startsWith("assets") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
}

/**
 * React Router's server build made by Vite from the current sources, loaded anew for each request (Vite
 * keeps the modules no file change has touched): React Router's documented way for a custom server.
 */
function currentServerBuild(vite: ViteDevServer) {
  return async () => {
    try {
      return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    } catch (error) {
      // The error's stack then points into the app's sources rather than Vite's transformed code.
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      throw error;
    }
  };
}

/** Vite answers what is its own (its client, the app's modules, public/ files) and passes on the pages. */
function viteAnswersFirst(vite: ViteDevServer): onRequestHookHandler {
  return (request, reply, done) => vite.middlewares(request.raw, reply.raw, done);
}

/** A page's form is small: its body is read up to this many bytes, and a larger one is refused (413). */
export const PAGE_BODY_LIMIT = 1024 * 1024;

/**
 * The posted body of a page request, read up to PAGE_BODY_LIMIT while it streams: a larger one is refused as
 * soon as it passes the limit (the announced Content-Length is checked first), so no request holds more.
 */
function pageBody(request: FastifyRequest): Promise<Buffer> {
  if (announcedLargerThan(request, PAGE_BODY_LIMIT)) return Promise.reject(tooLarge());
  const body = request.raw;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      body.off("data", onData);
      body.off("end", onEnd);
      body.off("error", onError);
    };
    // Past the limit, the rest is left to flow past unread (not destroyed: the 413 still has to be sent;
    // lib/refused-bodies.ts).
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PAGE_BODY_LIMIT) return void chunks.push(chunk);
      stop();
      body.resume();
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    body.on("data", onData);
    body.on("end", onEnd);
    body.on("error", onError);
  });
}

const tooLarge = () => new HttpError(413, "The request body is too large.");

/** Where refused page requests are rendered: a URL no page answers, so only the root's loader runs. */
const REFUSED_PAGE = "/refused-request";

/**
 * The request as React Router takes it, for `path` (the request's own, or its page cache key), on the
 * store's public origin (a path such as `//host/...` stays a path of the store's).
 */
async function toWebRequest(request: FastifyRequest, path: string, origin: string): Promise<Request> {
  let url: URL;
  try {
    url = new URL(`${origin}${path}`);
  } catch {
    throw new HttpError(400, "Malformed URL");
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  request.raw.once("aborted", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: new Uint8Array(await pageBody(request)) } : {}),
  });
}

/**
 * Sends React Router's answer. A page shows who is signed in: one asked for with a session, or that starts
 * or ends one (it sets a cookie), is kept by no cache; a guest's page varies on Cookie, so that no cache
 * gives it to a signed-in shopper.
 */
async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  { withSession }: { withSession: boolean },
) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (withSession || cookies.length > 0) reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  else
    reply.header("vary", response.headers.has("vary") ? `${response.headers.get("vary")}, Cookie` : "Cookie");
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
