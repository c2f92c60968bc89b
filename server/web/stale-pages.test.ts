import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { categoriesCall } from "../../contract/catalog";
import { createTestApp } from "../test-support/test-app";

/**
 * A one-page React Router build: its loader reads the categories through the store's API (so the page shows
 * them) and waits for the test's gate; the page says which render it is.
 */
function onePageBuild() {
  let renders = 0;
  let gate: Promise<void> = Promise.resolve();
  const build = {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response(`<p>render ${renders}</p>`, { status, headers }),
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => null,
          loader: async ({ context }: { context: { api: (call: unknown) => Promise<unknown> } }) => {
            renders += 1;
            await context.api(categoriesCall);
            await gate;
            return null;
          },
          headers: () => ({ "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=300" }),
        },
      },
    },
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/assets/root.js",
          imports: [],
          css: [],
          hasAction: false,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      },
      url: "/assets/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return {
    build,
    renders: () => renders,
    /** Holds every render started from now on until the returned function is called. */
    hold: () => {
      let open = () => {};
      gate = new Promise((resolve) => (open = resolve));
      return open;
    },
  };
}

const page = onePageBuild();
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), "store-client-"));
  ({ app, close } = await createTestApp({}, { web: { server: page.build, clientDir } }));
});
afterAll(() => close());
afterEach(() => vi.useRealTimers());

const guest = () => app.inject({ url: "/", headers: { accept: "text/html" } });

describe("a kept page past its freshness", () => {
  it("is given at once, stale, while one render in the background replaces it; no guest waits on it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T10:00:00Z") });
    const first = await guest();
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.body).toContain("render 1");
    expect((await guest()).headers["x-page-cache"]).toBe("hit");

    vi.setSystemTime(Date.now() + 30_000);
    const open = page.hold();
    // The render is held: these are answered without it, each with the page kept before.
    const stale = await Promise.all([guest(), guest(), guest()]);
    expect(stale.map((answer) => answer.headers["x-page-cache"])).toEqual(["stale", "stale", "stale"]);
    expect(stale.every((answer) => answer.body.includes("render 1"))).toBe(true);
    expect(page.renders()).toBe(2);

    open();
    await expect.poll(async () => (await guest()).body).toContain("render 2");
    expect((await guest()).headers["x-page-cache"]).toBe("hit");
    expect(page.renders()).toBe(2);
  });

  it("is rendered for the request once it is older than its bound (s-maxage and stale-while-revalidate)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T12:00:00Z") });
    await guest();
    const before = page.renders();
    vi.setSystemTime(Date.now() + 330_001);
    const answer = await guest();
    expect(answer.headers["x-page-cache"]).toBe("miss");
    expect(answer.body).toContain(`render ${before + 1}`);
  });
});
