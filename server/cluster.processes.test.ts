/**
 * The built store of several processes (STORE_PROCESSES, docs/decisions/031-a-store-process-per-core.md): a
 * primary and its workers on one PostgreSQL database and Redis. New connections go to each worker in turn; a
 * catalog change made through one worker shows at once on the pages and answers of the others; a worker
 * killed is replaced while the others answer; workers starting together on an empty database migrate it once.
 * How the cluster stops is in shutdown.processes.test.ts; run by `npm run test:processes` after `npm run build`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { UploadImagesResponse } from "../contract/product-editing";
import { insertCategories } from "./catalog/product-editing";
import {
  alive,
  endStartedStores,
  startBuiltStore,
  waitForWorkers,
  type BuiltStore,
} from "./test-support/built-store";
import {
  clientAddress,
  createProcessTestDatabase,
  request,
  requireDatabaseUrl,
  type TestDatabase,
} from "./test-support/store-processes";
import { multipartBody } from "./test-support/uploads";

const REPO = path.resolve(import.meta.dirname, "..");
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const OWNER = { email: "owner@cluster.example", password: "cluster-owner-password" };

afterEach(endStartedStores);

/** The built store as two workers, with a super admin, once both serve. */
async function startCluster({
  processes = 2,
  database,
}: { processes?: number; database?: TestDatabase } = {}) {
  const store = await startBuiltStore(process.execPath, ["build/app-server.js"], {
    env: {
      STORE_PROCESSES: String(processes),
      REDIS_URL,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    ...(database ? { database } : {}),
  });
  return { store, workers: await waitForWorkers(store, processes) };
}

/** Each request on a connection of its own, from an address of its own, as many shoppers' would be. */
let requests = 0;
const ask = (store: BuiltStore, url: string, init: Parameters<typeof request>[1] = {}) =>
  request(`${store.origin}${url}`, { from: clientAddress(requests++), ...init });

/** The pids of the processes that logged a request whose address contains `marker`. */
const answeredBy = (store: BuiltStore, marker: string) =>
  store
    .logLines()
    .filter((line) => line.msg === "incoming request" && (line.req as { url: string }).url.includes(marker))
    .map((line) => line.pid);

describe("a store of two processes", () => {
  it("answers pages and API calls, each new connection on the next worker", async () => {
    const { store, workers } = await startCluster();
    for (let i = 0; i < 20; i++) {
      const page = await ask(store, `/products?spread=${i}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/^<!DOCTYPE html>/i);
      const call = await ask(store, `/api/products/get-products?page=1&limit=8&spread=${i}`);
      expect(call.status).toBe(200);
      expect(call.json().code).toBe(200);
    }
    await expect.poll(() => answeredBy(store, "spread=").length).toBe(40);
    const pids = answeredBy(store, "spread=");
    for (const worker of workers) expect(pids.filter((pid) => pid === worker)).toHaveLength(20);
  });

  it("shows a catalog change made through one worker at once on the pages and answers of the other", async () => {
    const database = await createProcessTestDatabase();
    await insertCategories(database.db, [{ id: 1, name: "Anarkali", position: 1 }]);
    const { store } = await startCluster({ database });

    const login = await ask(store, "/api/users/login", { method: "POST", json: OWNER });
    expect(login.status, login.body).toBe(200);
    const staff = { authorization: `Bearer ${login.json().token}` };
    const image = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#9c2a50" } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody([
      { filename: "front.png", type: "image/png", data: image },
    ]);
    const upload = await fetch(`${store.origin}/api/utils/upload-images`, {
      method: "POST",
      headers: { ...staff, "content-type": contentType },
      body: new Uint8Array(payload),
    });
    expect(upload.status).toBe(200);
    const { files } = (await upload.json()) as UploadImagesResponse;
    const draft = {
      name: "Marigold Anarkali",
      description: "Marigold Anarkali, for the cluster's test.",
      price: 2499,
      category: 1,
      size: ["M"],
      images: files,
      stock: { M: 5 },
    };
    const added = await ask(store, "/api/products/add-product", {
      method: "POST",
      json: draft,
      headers: staff,
    });
    expect(added.status, added.body).toBe(200);
    const id = added.json().data._id as number;

    // What shoppers see of it: its page, the list page and the product's answer, each kept by both workers.
    const seen = [`/products/${id}`, "/products", `/api/products/get-product?id=${id}`];
    // Pages show ₹2,499, the answer "price":2499.
    const prices = (text: string) => ({
      old: /2,499|:2499\b/.test(text),
      new: /2,799|:2799\b/.test(text),
    });
    for (const url of seen)
      for (let i = 0; i < 10; i++)
        expect(prices((await ask(store, url)).body), url).toEqual({ old: true, new: false });
    for (const url of seen.slice(0, 2)) {
      const kept = await Promise.all([ask(store, url), ask(store, url)]);
      expect(
        kept.map((answer) => answer.headers["x-page-cache"]),
        url,
      ).toEqual(["hit", "hit"]);
    }

    const edited = await ask(store, "/api/products/update-product", {
      method: "POST",
      json: { ...draft, id, price: 2799, features: [] },
      headers: staff,
    });
    expect(edited.status, edited.body).toBe(200);
    for (const url of seen)
      for (let i = 0; i < 10; i++)
        expect(prices((await ask(store, url)).body), url).toEqual({ old: false, new: true });
  });

  it("replaces a worker killed with SIGKILL while the other answers", async () => {
    const { store, workers } = await startCluster();
    const [killed, survivor] = workers as [number, number];
    process.kill(killed, "SIGKILL");
    const noticed = () =>
      store
        .logLines()
        .some((line) => line.workerPid === killed && line.msg.startsWith("store worker stopped"));
    await expect.poll(noticed, { timeout: 10_000 }).toBe(true);
    for (let i = 0; i < 10; i++) expect((await ask(store, `/products?after-kill=${i}`)).status).toBe(200);

    const serving = await waitForWorkers(store, 3);
    const replacement = serving[2]!;
    expect(workers).not.toContain(replacement);
    expect(alive(killed)).toBe(false);
    for (let i = 0; i < 10; i++) expect((await ask(store, `/products?replaced=${i}`)).status).toBe(200);
    await expect.poll(() => answeredBy(store, "replaced=").length).toBe(10);
    expect(new Set(answeredBy(store, "replaced="))).toEqual(new Set([survivor, replacement]));
  });

  it("starts its workers together on an empty database, which they migrate once", async () => {
    const database = await createProcessTestDatabase(undefined, undefined, { migrated: false });
    const { store } = await startCluster({ processes: 3, database });
    expect(store.output()).not.toContain("failed to start");
    const login = await ask(store, "/api/users/login", { method: "POST", json: OWNER });
    expect(login.status, login.body).toBe(200);
    expect((await ask(store, "/products")).status).toBe(200);
  });

  it("gives up with exit code 1 when its workers keep failing to start, forking them ever more slowly", () => {
    const started = spawnSync(process.execPath, ["build/app-server.js"], {
      cwd: REPO,
      // Nothing listens on port 1: each worker fails at its first query.
      env: {
        PATH: process.env.PATH,
        STORE_PROCESSES: "2",
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
        REDIS_URL,
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status, started.stdout + started.stderr).toBe(1);
    const log = started.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; workerPid?: number });
    expect(log.map((line) => line.msg)).toContain(
      "store workers keep failing to start (5 in a row): giving up",
    );
    const pauses = log.flatMap((line) => /failed to start: another in ([\d.]+) s/.exec(line.msg)?.[1] ?? []);
    expect(pauses.map(Number)).toEqual([0.1, 0.2, 0.4, 0.8]);
    const forked = log.filter((line) => line.msg === "store worker starting").map((line) => line.workerPid!);
    expect(forked).toHaveLength(6);
    expect(forked.filter(alive)).toEqual([]);
  });

  it.each([
    [{ DATABASE_URL: requireDatabaseUrl() }, "STORE_PROCESSES=2 needs REDIS_URL"],
    [{ REDIS_URL }, "STORE_PROCESSES=2 needs DATABASE_URL"],
  ])("is refused without PostgreSQL and Redis (%j), with a message saying so", (settings, message) => {
    const started = spawnSync(process.execPath, ["build/app-server.js"], {
      cwd: REPO,
      env: { PATH: process.env.PATH, STORE_PROCESSES: "2", ...settings },
      encoding: "utf8",
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toMatch(new RegExp(`^Invalid configuration:\\n  ${message}: [^\\n]+\\n$`));
  });
});
