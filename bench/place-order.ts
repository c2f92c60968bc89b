import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DEFAULT_DELIVERY, SANDBOX_PREFIX } from "../server/config";
import { deliveryChargeFor } from "../contract/delivery-rule";
import { openDatabase, selectRows } from "../server/db/client";
import {
  createProcessTestDatabase,
  insertShoppers,
  sandboxSettingsOf,
  signInShoppers,
  startStoreProcess,
  type Shopper,
} from "../server/test-support/store-processes";
import {
  measureAtRate,
  measureSaturation,
  type Endpoint,
  type RateResult,
  type SaturationResult,
} from "./api-load";
import { createCatalog, freePort, startStore, type Deployment } from "./store-server";

/** Shoppers signed in before the load, each placing orders with their saved address. */
export const ORDER_SHOPPERS = 500;
const ORDER_CATALOG = 1_000;
/** Stock of every size: plenty, so that no order is refused for want of it. */
const PLENTY = 1_000_000;

export type PlaceOrderResults = {
  /** Orders a second offered in the fixed-rate run, and for how long; connections of the throughput run. */
  rate: number;
  rateSeconds: number;
  connections: number;
  saturationSeconds: number;
  catalogProducts: number;
  /** (product, size) pairs the orders are spread over. */
  lines: number;
  shoppers: number;
  atRate: RateResult;
  /**
   * Where the CPU went during the fixed-rate run (with its warm-up): how busy the machine's cores were, 0-1,
   * and the CPU milliseconds the store and PhonePe's stand-in used per order sent (PostgreSQL, shared with
   * whatever else runs on the machine, is not counted). Undefined where /proc cannot be read.
   */
  cpu?: { machineBusy: number; storeMsPerOrder: number; phonePeMsPerOrder: number };
  saturation: SaturationResult;
};

export type Cleanups = (() => Promise<void> | void)[];

/** The store's delivery charge as the bench's store runs it: the settings' defaults (decision 038). */
const DELIVERY_RULE = { freeFrom: DEFAULT_DELIVERY.freeFromRupees, charge: DEFAULT_DELIVERY.chargeRupees };

/**
 * Place Order under load. The store is the production build (NODE_ENV=production, so its built-in PhonePe
 * sandbox is off), configured with the sandbox's credentials and pointed by PHONEPE_OAUTH_BASE_URL and
 * PHONEPE_PG_BASE_URL at another store process, server/test-support/store-process.ts with NODE_ENV=test, that
 * serves only as PhonePe: on a database of its own, so that its reconciler never touches the store's
 * payments. Each request is a random one of the signed-in shoppers ordering one piece of a random size of a
 * random product, with its saved address and an Idempotency-Key of its own.
 */
export async function measurePlaceOrder({
  appDir,
  deployment,
  adminUrl,
  rate,
  rateSeconds,
  saturationSeconds,
  warmupSeconds,
  connections,
  keep,
  cleanups,
  log,
}: {
  appDir: string;
  deployment: Deployment;
  adminUrl: string | undefined;
  rate: number;
  rateSeconds: number;
  saturationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Keep the store's database (--keep), to look at its orders afterwards. */
  keep: boolean;
  cleanups: Cleanups;
  log: (line: string) => void;
}): Promise<PlaceOrderResults> {
  log(`Place Order: a catalog of ${ORDER_CATALOG.toLocaleString("en")} products with plenty of stock…`);
  const catalog = await createCatalog(ORDER_CATALOG, adminUrl);
  if (keep)
    log(
      `  kept: DATA_DIR=${catalog.dataDir}${catalog.databaseUrl ? ` DATABASE_URL=${catalog.databaseUrl}` : ""}`,
    );
  else cleanups.push(catalog.remove);
  // Written before the store starts: on PGlite only one process may open the files.
  const handle = await openDatabase({
    databaseUrl: catalog.databaseUrl,
    pgliteDir: path.join(catalog.dataDir, "pg"),
  });
  let lines: { productId: number; size: string; price: number }[];
  let accounts: { id: number; email: string }[];
  try {
    await handle.db.execute(sql`update product_sizes set stock = ${PLENTY}`);
    lines = (
      await selectRows<{ product_id: number; size: string; price_paise: number }>(
        handle.db,
        sql`select s.product_id, s.size, p.price_paise from product_sizes s
            join products p on p.id = s.product_id where p.deleted_at is null order by 1, 2`,
      )
    ).map((row) => ({ productId: row.product_id, size: row.size, price: row.price_paise / 100 }));
    accounts = await insertShoppers(handle.db, ORDER_SHOPPERS);
  } finally {
    await handle.close();
  }

  log("  starting PhonePe (a non-production store process on a database of its own) and the store…");
  const sandboxDatabase = adminUrl ? await createProcessTestDatabase(adminUrl, "bench_phonepe") : undefined;
  if (sandboxDatabase) cleanups.push(sandboxDatabase.close);
  // Its page sends shoppers back to the store's own callback page only (issue 35): it is told the store's
  // address, and its super admin reads it the sandbox's credentials, made for its database (decision 039).
  const storePort = await freePort();
  const owner = { email: "bench-owner@rangoli.example", password: randomBytes(12).toString("base64url") };
  const phonePe = await startStoreProcess(sandboxDatabase?.url, {
    PUBLIC_URL: `http://127.0.0.1:${storePort}`,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
  });
  cleanups.push(phonePe.stop);
  const settings = await sandboxSettingsOf(phonePe.url, owner);
  const store = await startStore(
    appDir,
    catalog,
    deployment,
    {
      PHONEPE_CLIENT_ID: settings.clientId,
      PHONEPE_CLIENT_SECRET: settings.clientSecret,
      PHONEPE_CLIENT_VERSION: settings.clientVersion,
      PHONEPE_WEBHOOK_USERNAME: settings.webhookUsername,
      PHONEPE_WEBHOOK_PASSWORD: settings.webhookPassword,
      PHONEPE_OAUTH_BASE_URL: `${phonePe.url}${SANDBOX_PREFIX}`,
      PHONEPE_PG_BASE_URL: `${phonePe.url}${SANDBOX_PREFIX}`,
      // The load is a few hundred shoppers from one address placing orders they never pay: the fair-share
      // limits (decision 035) would refuse most of it, and the bench measures the store's cost, not its refusals.
      UNPAID_ORDERS_PER_ACCOUNT: "1000000",
      UNPAID_PIECES_PER_ACCOUNT: "1000000",
      UNPAID_ORDERS_PER_ADDRESS: "1000000",
      PLACE_ORDERS_PER_ACCOUNT: "1000000",
      PLACE_ORDERS_PER_ADDRESS: "1000000",
    },
    storePort,
  );
  cleanups.push(store.stop);

  log(`  signing in ${ORDER_SHOPPERS} shoppers and saving their addresses…`);
  const shoppers: Shopper[] = await signInShoppers(accounts, () => store.url);

  const run = randomBytes(4).toString("hex");
  let sequence = 0;
  const endpoint: Endpoint = {
    name: "place order",
    path: () => "/api/orders/place-order",
    write: () => {
      // Shoppers in turn, each with pieces she does not hold yet: one who picked a piece her order awaiting
      // payment holds was refused (409, the store's offer to resume that order), as a shopper would be.
      const shopper = shoppers[sequence % shoppers.length]!;
      // A prime stride spreads the orders over the catalog (a product's sizes are neighbours in `lines`).
      const line = lines[(sequence * 7919) % lines.length]!;
      return {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${shopper.token}`,
          "idempotency-key": `bench-${run}-${sequence++}`,
        },
        body: JSON.stringify({
          paymentMethod: "phonePe",
          items: [{ id: line.productId, size: line.size, quantity: 1, price: line.price }],
          addressId: shopper.addressId,
          // The total the shopper saw: the piece, and the delivery charge of the store's default rule below ₹1,999.
          totalAmount: line.price + deliveryChargeFor(line.price, DELIVERY_RULE),
        }),
      };
    },
  };

  log(`  ${rate} orders/s for ${rateSeconds} s…`);
  const before = {
    machine: machineTimes(),
    store: cpuMs(store.pid()),
    phonePe: cpuMs(phonePe.pid),
    sequence,
  };
  const atRate = await measureAtRate(store.url, endpoint, { rate, seconds: rateSeconds, warmupSeconds });
  const after = { machine: machineTimes(), store: cpuMs(store.pid()), phonePe: cpuMs(phonePe.pid), sequence };
  const sent = after.sequence - before.sequence;
  const cpu =
    before.store !== undefined &&
    after.store !== undefined &&
    before.phonePe !== undefined &&
    after.phonePe !== undefined
      ? {
          machineBusy:
            1 -
            (after.machine.idle - before.machine.idle) / Math.max(1, after.machine.all - before.machine.all),
          storeMsPerOrder: (after.store - before.store) / sent,
          phonePeMsPerOrder: (after.phonePe - before.phonePe) / sent,
        }
      : undefined;
  if (cpu)
    log(
      `    the cores were ${Math.round(cpu.machineBusy * 100)} % busy; CPU per order: store ${cpu.storeMsPerOrder.toFixed(1)} ms, PhonePe's stand-in ${cpu.phonePeMsPerOrder.toFixed(1)} ms`,
    );
  log(
    `    ${Math.round(atRate.requestsPerSecond)}/s, p50 ${atRate.p50.toFixed(1)} ms, p90 ${atRate.p90.toFixed(1)} ms, p99 ${atRate.p99.toFixed(1)} ms, max ${atRate.max.toFixed(1)} ms, ${atRate.errors} errors`,
  );
  if (atRate.overloaded || atRate.errors > 0) {
    log("    overloaded or failing: restarting the store to drop its backlog");
    await store.restart();
  }
  log(`  throughput with ${connections} connections for ${saturationSeconds} s…`);
  const saturation = await measureSaturation(store.url, endpoint, {
    connections,
    seconds: saturationSeconds,
    warmupSeconds,
  });
  log(
    `    ${Math.round(saturation.requestsPerSecond)} orders/s, p50 ${saturation.p50} ms, p99 ${saturation.p99} ms, ${saturation.errors} errors`,
  );
  if (saturation.errors > 0)
    log(`    answers: ${JSON.stringify(saturation.statusCodes)}, ${saturation.timeouts} timed out`);
  return {
    rate,
    rateSeconds,
    connections,
    saturationSeconds,
    catalogProducts: ORDER_CATALOG,
    lines: lines.length,
    shoppers: shoppers.length,
    atRate,
    ...(cpu ? { cpu } : {}),
    saturation,
  };
}

/** A process's CPU time (user and system) in ms, from /proc on Linux; undefined elsewhere. */
/** The CPU time of a process and its children (a store's workers), in ms; undefined once it has gone. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    return children.reduce((sum, child) => sum + (cpuMs(Number(child)) ?? 0), own);
  } catch {
    return undefined;
  }
}
/** The kernel's clock ticks a second (USER_HZ), in which /proc counts CPU time: 100 on Linux. */
const CLOCK_TICKS = 100;

function machineTimes() {
  return os.cpus().reduce(
    (sum, cpu) => ({
      all: sum.all + Object.values(cpu.times).reduce((a, b) => a + b, 0),
      idle: sum.idle + cpu.times.idle,
    }),
    { all: 0, idle: 0 },
  );
}
