import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";
import { createComputedCache } from "./computed-cache";
import type { ZodType } from "zod";

export type Encoding = "br" | "gzip";

/** One answer, serialised once and compressed once per encoding on first demand, with what it shows. */
type CachedAnswer = {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  tags: readonly string[];
};

/**
 * How hard to compress: `best` for what is kept and sent many times (an answer, a popular page), `fast` for a
 * page rendered for one request that may never be asked for again. On the home page of 122 KB (2026-11-25),
 * brotli 0 took 0.17 ms for 22.6 KB, brotli 1 0.33 ms for 21.7 KB, brotli 2 0.54 ms for 19.9 KB and gzip 1
 * 0.52 ms for 22.6 KB; brotli 5 about 1.1 ms for 17.7 KB (a product page of 93 KB). A page rendered for a
 * request is about a quarter larger on the wire and costs a sixth of the time to compress; it is compressed
 * again at `best` the first time it is served from the page cache.
 */
export type Effort = "best" | "fast";

const BROTLI_QUALITY: Record<Effort, number> = { best: 5, fast: 0 };
const GZIP_LEVEL: Record<Effort, number> = { best: 6, fast: 1 };

const COMPRESS: Record<Encoding, (body: Buffer, effort: Effort) => Buffer> = {
  // Quality 5 with a window the size of the answer: within 0.2 % of quality 6's size, and a third cheaper
  // (the default 4 MB window is set up for every answer, however small). Quality 11 costs milliseconds.
  br: (body, effort) =>
    brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [zlib.BROTLI_PARAM_LGWIN]: Math.min(
          zlib.BROTLI_DEFAULT_WINDOW,
          Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length))),
        ),
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body, effort) => gzipSync(body, { level: GZIP_LEVEL[effort] }),
};

/**
 * `bytes` in memory of their own size: copied when they are a slice of a larger buffer, kept as they are when
 * they fill theirs (a rendered page read whole). What the cache keeps must not be a slice of a larger buffer:
 * zlib's one-shot calls return a slice of their 16 KB output buffer, and a short string's bytes are a slice of
 * Node's shared 8 KB pool, so a kept answer of a few hundred bytes would hold 8-16 KB. With the products'
 * answers coming into the cache at 500 requests/s, V8 then ran a full collection every second or two (pauses
 * of 5-13 ms).
 */
export function ownCopy(bytes: Uint8Array): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
    return Buffer.from(bytes.buffer, 0, bytes.byteLength);
  return Buffer.from(new Uint8Array(bytes).buffer);
}

/** The body compressed for the cache (see ownCopy). */
export function compressAnswer(encoding: Encoding, body: Buffer, effort: Effort = "best"): Buffer {
  return ownCopy(COMPRESS[encoding](body, effort));
}

/**
 * Serialised, compressed answers of public GETs kept in memory for as long as their Cache-Control lets any
 * client keep them, so that a popular page of the catalog costs the database and the CPU once per period, not
 * once per shopper; then given for at most `staleMs` more while one computation refreshes them
 * (lib/computed-cache.ts), so that no request waits on an expiry. Concurrent misses for one answer share one computation. Each answer shows what its
 * route's `tagsOf` says (lib/cache-tags.ts): after a change `forgetTagged` drops the answers that show it
 * (`clear()` drops everything), and an answer computed from data read before a change to what it shows is
 * not kept. See docs/decisions/009-catalog-answer-cache.md.
 */
export function createResponseCache({
  freshMs,
  staleMs,
  maxBytes,
  onRefreshError,
}: {
  freshMs: number;
  staleMs: number;
  maxBytes: number;
  onRefreshError?: (error: unknown) => void;
}) {
  const answers = createComputedCache<CachedAnswer>(
    {
      freshMs,
      staleMs,
      maxSize: maxBytes,
      sizeCalculation: (answer) => answer.body.length * 2,
      ...(onRefreshError ? { onRefreshError } : {}),
    },
    (answer) => answer.tags,
  );

  function answerFor(
    key: string,
    compute: () => Promise<{ text: string; tags: readonly string[] }>,
  ): Promise<CachedAnswer> {
    return answers.get(key, async () => {
      const { text, tags } = await compute();
      const body = ownCopy(Buffer.from(text));
      // Weak: the same tag names the answer in each of its encodings.
      const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
      return { body, etag, encoded: {}, tags };
    });
  }

  /**
   * A route's cached answering: `answer` computes the response (validated and serialised with the route's
   * response schema, as Fastify would) when this query's answer is not in the cache; `tagsOf` says what the
   * answer shows.
   */
  function forRoute<Answer>(
    schema: ZodType,
    cacheControl: string,
    tagsOf: (answer: Answer) => readonly string[],
  ) {
    const kept = inProcess(schema, tagsOf);
    return async (request: FastifyRequest, reply: FastifyReply, answer: () => Promise<Answer>) => {
      // A matched route always has its URL.
      const cached = await kept(request.routeOptions.url ?? "", request.query, answer);
      reply
        .header("cache-control", cacheControl)
        .header("etag", cached.etag)
        .header("vary", "accept-encoding")
        .type("application/json; charset=utf-8");
      if (matchesEtag(request.headers["if-none-match"], cached.etag)) return reply.code(304).send();

      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (!encoding) return reply.send(cached.body);
      const encoded = (cached.encoded[encoding] ??= compressAnswer(encoding, cached.body));
      return reply.header("content-encoding", encoding).send(encoded);
    };
  }

  /**
   * The kept answer of a route to a validated query, computed and serialised with the route's schema when it
   * is not kept: what `forRoute` sends, and what a call a page makes in-process reads (the same entry). The
   * key is the validated query, not the raw URL: unknown parameters and their order make no new entries.
   */
  function inProcess<Answer>(schema: ZodType, tagsOf: (answer: Answer) => readonly string[]) {
    const serialize = serializerCompiler({ schema, method: "GET", url: "" }) as (data: Answer) => string;
    return (routeUrl: string, query: unknown, answer: () => Promise<Answer>) =>
      answerFor(`${routeUrl}?${JSON.stringify(query)}`, async () => {
        const data = await answer();
        return { text: serialize(data), tags: tagsOf(data) };
      });
  }

  return { forRoute, inProcess, clear: answers.clear, forgetTagged: answers.forgetTagged };
}

/**
 * Options for every route answered through the cache: its answers are already compressed, so the compress
 * plugin's hooks (which would only find the Content-Encoding and pass the answer on) are left off.
 */
export const CACHED_ROUTE = { compress: false } as const;

export type ResponseCache = ReturnType<typeof createResponseCache>;

export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** Browsers send a handful of Accept-Encoding values: each is read once (and the memory is bounded). */
const encodingOf = new LRUCache<string, Encoding | "identity">({ max: 100 });

/** Brotli, else gzip, when the client accepts it (a `q=0` refuses); undefined for the plain body. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let encoding = encodingOf.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(acceptEncoding) ?? "identity";
    encodingOf.set(acceptEncoding, encoding);
  }
  return encoding === "identity" ? undefined : encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}
