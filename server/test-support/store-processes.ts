import { EMPTY_SIZE_FIT } from "../../contract/product-editing-rules";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { SizeLabel } from "../../contract/catalog";
import { paiseToRupees } from "../../contract/money";
import { ROLE } from "../../contract/accounts-rules";
import { users } from "../accounts/accounts.tables";
import { hashSecret } from "../accounts/credentials";
import { insertCategories, insertProducts } from "../catalog/product-editing";
import { localOrigin } from "../config";
import { adminQuery, openDatabase, type Database } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { PASSWORD } from "./accounts";
import { HOME } from "./checkout";

/**
 * Stores in processes of their own on one PostgreSQL database, for the tests that need more than one store
 * (or a store that crashes) and for the bench. Everything here talks to the stores over real HTTP.
 */

const REPO = path.resolve(import.meta.dirname, "../..");
const ENTRY = path.join(REPO, "server/test-support/store-process.ts");

/** The PostgreSQL server these tests run on: DATABASE_URL, required (PGlite cannot be shared by processes). */
export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "The multi-process tests need PostgreSQL: run them with DATABASE_URL set (npm run test:processes).",
    );
  return url;
}

export type TestDatabase = { url: string; db: Database; close: () => Promise<void> };

/**
 * A new PostgreSQL database next to the one `adminUrl` names, dropped by `close`: migrated, unless `migrated`
 * is false (for stores that start on an empty one).
 */
export async function createProcessTestDatabase(
  adminUrl = requireDatabaseUrl(),
  prefix = "store_test",
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  if (migrated) await migrateDatabase(handle, path.join(REPO, "drizzle"));
  return {
    url: url.toString(),
    db: handle.db,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export type StoreProcess = {
  /** http://127.0.0.1:<port>, also its PUBLIC_URL. */
  url: string;
  pid: number;
  /** Its stdout and stderr so far (the last 20,000 characters), for failure messages. */
  output: () => string;
  /** SIGKILL: the process ends at once, whatever it was doing; resolves once it has exited. */
  kill: () => Promise<void>;
  /** SIGTERM (the store closes cleanly), SIGKILL if it is still running 15 s later. */
  stop: () => Promise<void>;
};

/** The store processes started here and not yet exited, with their DATA_DIR. */
const running = new Map<ChildProcess, string>();
// Should the test runner (or the bench) end without stopping them, leave no store and no files behind.
process.once("exit", () => {
  for (const [child, dataDir] of running) {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * Starts server/test-support/store-process.ts in a process of its own (Node with tsx's loader, not `npx tsx`,
 * so that the pid killed is the store's own) on a free port of 127.0.0.1 and waits until /api/health answers.
 * Without PHONEPE_* settings in `env`, the store is its own PhonePe sandbox; every store on one database
 * shares the sandbox's records. Without a database URL it runs on PGlite files in its own DATA_DIR. The
 * production build, started as a deployment starts it, is built-store.ts's.
 */
export async function startStoreProcess(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<StoreProcess> {
  const port = await freePort();
  const url = localOrigin("127.0.0.1", port);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-process-"));
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.set(child, dataDir);
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exitedNow = () => child.exitCode !== null || child.signalCode !== null;
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exit.then(() => {
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitedNow())
      throw new Error(`the store process exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the store process did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (!exitedNow()) child.kill("SIGKILL");
      await exit;
    },
    async stop() {
      if (!exitedNow()) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** A port nothing listens on now (the OS's next ephemeral one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The API's envelope, as far as these tests read it. */
export type Envelope = { code: number; message: string; token?: string; data: Record<string, unknown> };

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: () => Envelope;
};

/**
 * One HTTP request. `from` is the client's own address: any of 127.0.0.0/8 reaches a store on 127.0.0.1,
 * and the store sees it as the caller's address, so that many shoppers logging in are not one address
 * to the login's rate limit (30 an address a quarter of an hour).
 */
export function request(
  url: string,
  {
    method = "GET",
    json,
    form,
    headers = {},
    from,
  }: {
    method?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
    from?: string;
  } = {},
): Promise<Answer> {
  const body =
    json !== undefined
      ? JSON.stringify(json)
      : form !== undefined
        ? new URLSearchParams(form).toString()
        : undefined;
  const contentType =
    json !== undefined
      ? { "content-type": "application/json" }
      : form !== undefined
        ? { "content-type": "application/x-www-form-urlencoded" }
        : {};
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        headers: { ...contentType, ...headers },
        ...(from ? { localAddress: from, agent: false } : {}),
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            json: () => JSON.parse(text) as Envelope,
          });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer from ${url} within 30 s`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The loopback address of the `index`th client, 20 to an address (under the login's limit of 30). */
export const clientAddress = (index: number) =>
  `127.0.${Math.floor(index / 20 / 250) + 1}.${(Math.floor(index / 20) % 250) + 2}`;

export type Shopper = { id: number; email: string; token: string; addressId: number };

/**
 * `count` verified customers written to the database (one password hash for all: hashing is what a store
 * does at registration, not at checkout), each then logged in and given a saved address through `storeOf(i)`.
 */
export async function createShoppers(
  db: Database,
  count: number,
  storeOf: (index: number) => string,
): Promise<Shopper[]> {
  return signInShoppers(await insertShoppers(db, count), storeOf);
}

/** `count` verified customers with the password PASSWORD, written to the database, in id order. */
export async function insertShoppers(db: Database, count: number): Promise<{ id: number; email: string }[]> {
  const passwordHash = await hashSecret(PASSWORD);
  const tag = randomBytes(4).toString("hex");
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `shopper.${tag}.${index}@example.in`,
        fullName: `Shopper ${index}`,
        phone: "9876543210",
        passwordHash,
        roleId: ROLE.customer,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  return rows.sort((a, b) => a.id - b.id);
}

/** Logs each account in and saves an address for it through the store `storeOf(i)`, 20 at a time. */
/**
 * The credentials of a store process's built-in PhonePe sandbox (its install's own, decision 039), as its
 * super admin reads them: for a second store that uses it as its PhonePe (the bench).
 */
export async function sandboxSettingsOf(store: string, owner: { email: string; password: string }) {
  const login = await request(`${store}/api/users/login`, { method: "POST", json: owner });
  if (login.status !== 200) throw new Error(`the sandbox's owner could not log in: ${login.body}`);
  const shown = await request(`${store}/api/admin/payments`, {
    method: "GET",
    headers: { authorization: `Bearer ${login.json().token as string}` },
  });
  const sandbox = shown.json().data?.sandbox as Record<string, string> | null | undefined;
  if (shown.status !== 200 || !sandbox) throw new Error(`no sandbox credentials: ${shown.body}`);
  return {
    clientId: sandbox.clientId!,
    clientSecret: sandbox.clientSecret!,
    clientVersion: sandbox.clientVersion!,
    webhookUsername: sandbox.webhookUsername!,
    webhookPassword: sandbox.webhookPassword!,
  };
}

export async function signInShoppers(
  accounts: { id: number; email: string }[],
  storeOf: (index: number) => string,
): Promise<Shopper[]> {
  // A few at a time: each login checks an argon2 hash (19 MiB, on libuv's 4 threads).
  const shoppers: Shopper[] = [];
  for (let start = 0; start < accounts.length; start += 20)
    shoppers.push(
      ...(await Promise.all(
        accounts.slice(start, start + 20).map(async (account, offset) => {
          const index = start + offset;
          const store = storeOf(index);
          const login = await request(`${store}/api/users/login`, {
            method: "POST",
            json: { email: account.email, password: PASSWORD },
            from: clientAddress(index),
          });
          if (login.status !== 200) throw new Error(`login failed (${login.status}): ${login.body}`);
          const token = login.json().token as string;
          const address = await request(`${store}/api/addresses/add-address`, {
            method: "POST",
            json: HOME,
            headers: { authorization: `Bearer ${token}` },
          });
          if (address.status !== 200) throw new Error(`add-address failed: ${address.body}`);
          return { ...account, token, addressId: address.json().data.id as number };
        }),
      )),
    );
  return shoppers;
}

/**
 * One product (without images) in category 1 ("Anarkali", created if missing) with the given stock per size,
 * through the catalog's writers (the stores start afterwards: no cache to tell); its id.
 */
export async function seedProduct(
  db: Database,
  { name, pricePaise, sizes }: { name: string; pricePaise: number; sizes: Record<string, number> },
): Promise<number> {
  await insertCategories(db, [{ id: 1, name: "Anarkali", position: 1 }]);
  const [id] = await insertProducts(db, [
    {
      draft: {
        name,
        description: `${name}, a fixture product.`,
        price: paiseToRupees(pricePaise),
        originalPrice: undefined,
        category: 1,
        size: Object.keys(sizes) as SizeLabel[],
        stock: sizes,
        availableQunatity: 0,
        images: [],
        features: [],
        care: "",
        sizeFit: EMPTY_SIZE_FIT,
        customizations: [],
      },
    },
  ]);
  return id!;
}

/**
 * Polls `condition` every `intervalMs` until it holds, for at most `timeoutMs`: waiting for another process
 * (a reconciler) to do something, with a bound, instead of sleeping for a guessed time.
 */
export async function waitUntil(
  what: string,
  condition: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 200,
    stores = [],
  }: { timeoutMs?: number; intervalMs?: number; stores?: StoreProcess[] } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(
        [
          `${what}: not within ${timeoutMs / 1000} s`,
          ...stores.map((s) => `store ${s.url} said:\n${s.output()}`),
        ].join("\n"),
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
