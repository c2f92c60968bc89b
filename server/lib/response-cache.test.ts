import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compressAnswer, createResponseCache, ownCopy, preferredEncoding } from "./response-cache";

const answerSchema = z.object({ version: z.number(), thing: z.number().optional() });

/** A store-like route whose answers are computed when the test lets them finish. */
function appWithCachedRoute() {
  const cache = createResponseCache({ freshMs: 30_000, staleMs: 300_000, maxBytes: 1024 * 1024 });
  // An answer shows the thing its query names.
  const send = cache.forRoute<z.infer<typeof answerSchema>>(answerSchema, "public, max-age=30", (answer) => [
    `thing:${answer.thing ?? 1}`,
  ]);
  let version = 0;
  const computations: Array<(answer: { version: number; thing?: number }) => void> = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get("/answer", (request, reply) =>
    send(request, reply, () => {
      version += 1;
      return new Promise((resolve) => computations.push(resolve));
    }),
  );
  const finish = (index: number, answer: { version: number; thing?: number }) => computations[index]!(answer);
  return { app, cache, finish, computed: () => version };
}

describe("response cache", () => {
  it("computes an answer once for requests that arrive while it is being computed", async () => {
    const { app, finish, computed } = appWithCachedRoute();
    const requests = [app.inject("/answer"), app.inject("/answer"), app.inject("/answer")];
    await expect.poll(computed).toBe(1);
    finish(0, { version: 1 });
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.json())).toEqual([{ version: 1 }, { version: 1 }, { version: 1 }]);
    expect((await app.inject("/answer")).json()).toEqual({ version: 1 });
    expect(computed()).toBe(1);
  });

  it("does not keep an answer computed from data read before the cache was cleared", async () => {
    const { app, cache, finish, computed } = appWithCachedRoute();
    const before = app.inject("/answer");
    await expect.poll(computed).toBe(1);
    cache.clear(); // the data changed while the answer was being computed
    finish(0, { version: 1 });
    expect((await before).json()).toEqual({ version: 1 });

    const after = app.inject("/answer");
    await expect.poll(computed).toBe(2);
    finish(1, { version: 2 });
    expect((await after).json()).toEqual({ version: 2 });
  });

  it("drops only the answers that show what changed, and keeps none computed before a change to what it shows", async () => {
    const { app, cache, finish, computed } = appWithCachedRoute();
    const one = app.inject("/answer?thing=1");
    const two = app.inject("/answer?thing=2");
    await expect.poll(computed).toBe(2);
    cache.forgetTagged(["thing:2"]); // thing 2 changed while both answers were being computed
    finish(0, { version: 1, thing: 1 });
    finish(1, { version: 1, thing: 2 });
    await Promise.all([one, two]);

    expect((await app.inject("/answer?thing=1")).json()).toEqual({ version: 1, thing: 1 });
    const again = app.inject("/answer?thing=2");
    await expect.poll(computed).toBe(3);
    finish(2, { version: 2, thing: 2 });
    expect((await again).json()).toEqual({ version: 2, thing: 2 });

    cache.forgetTagged(["thing:1"]);
    expect((await app.inject("/answer?thing=2")).json()).toEqual({ version: 2, thing: 2 });
    const renewed = app.inject("/answer?thing=1");
    await expect.poll(computed).toBe(4);
    finish(3, { version: 3, thing: 1 });
    expect((await renewed).json()).toEqual({ version: 3, thing: 1 });
  });

  it("keeps answers in memory of their own size, not in slices of zlib's output buffer or Node's pool", () => {
    const body = ownCopy(
      Buffer.from(JSON.stringify({ name: "Teal Georgette Half Saree", sizes: ["S", "M"] })),
    );
    expect(body.buffer.byteLength).toBe(body.length);
    const decompress = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const encoding of ["br", "gzip"] as const) {
      const compressed = compressAnswer(encoding, body);
      expect(decompress[encoding](compressed)).toEqual(body);
      expect(compressed.buffer.byteLength).toBe(compressed.length);
    }
  });

  it("chooses brotli, else gzip, honouring q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("gzip;q=0")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
