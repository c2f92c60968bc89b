// The staff calls on a large shop: 10,000 products and 100,000 orders, on PostgreSQL.
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders-bench.ts
// Prints p50/p99 of each call (1 and 10 concurrent clients, 1,000 requests after 100 of warm-up) and the
// EXPLAIN ANALYZE of the dashboard's and the list's queries; `--keep` keeps the database.
import { performance } from "node:perf_hooks";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, selectRows } from "../server/db/client";
import { BENCH_STAFF, generateOrders } from "./order-generator";
import { copyBuild, createCatalog, startStore } from "./store-server";

const print = (text: string) => process.stdout.write(`${text}\n`);

const PRODUCTS = 10_000;
const ORDERS = 100_000;
const CONCURRENCIES = [1, 10];
const REQUESTS = 1000;
const WARM_UP = 100;

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error("Set DATABASE_URL: this bench runs on PostgreSQL.");

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(url: string, token: string, concurrency: number) {
  const times: number[] = [];
  let next = 0;
  const run = async (total: number, keep: boolean) => {
    next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < total) {
          const started = performance.now();
          const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
          if (keep) times.push(performance.now() - started);
        }
      }),
    );
  };
  await run(WARM_UP, false);
  const started = performance.now();
  await run(REQUESTS, true);
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: REQUESTS / seconds };
}

const started = performance.now();
const catalog = await createCatalog(PRODUCTS, adminUrl);
const handle = await openDatabase({ databaseUrl: catalog.databaseUrl, pgliteDir: null });
await generateOrders({
  db: handle.db,
  count: ORDERS,
  firstProductId: catalog.firstId,
  lastProductId: catalog.lastId,
});
print(`catalog and ${ORDERS} orders generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const { appDir, remove } = copyBuild(path.resolve("build"));
const store = await startStore(appDir, catalog);
try {
  const login = await fetch(`${store.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_STAFF),
  });
  const token = ((await login.json()) as { token: string }).token;
  const calls = {
    "GET /api/admin/dashboard": "/api/admin/dashboard",
    "GET /api/orders/get-admin-orders (page 1)": "/api/orders/get-admin-orders?page=1&limit=10",
    "GET /api/orders/get-admin-orders (page 500)": "/api/orders/get-admin-orders?page=500&limit=10",
    "GET /api/orders/get-admin-orders?status=Processing": "/api/orders/get-admin-orders?status=Processing",
    "GET /api/orders/get-admin-orders?search=kavya": "/api/orders/get-admin-orders?search=kavya",
    "GET /api/orders/get-admin-orders?search=<order id>": "/api/orders/get-admin-orders?search=RBX000054321",
  };
  for (const concurrency of CONCURRENCIES) {
    print(`\n| Call (${concurrency} concurrent) | p50 ms | p99 ms | requests/s |\n|---|---|---|---|`);
    for (const [name, url] of Object.entries(calls)) {
      const result = await measure(`${store.url}${url}`, token, concurrency);
      print(`| ${name} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.rps.toFixed(0)} |`);
    }
  }

  const explain = async (label: string, query: ReturnType<typeof sql>) => {
    const rows = await selectRows<{ "QUERY PLAN": string }>(handle.db, sql`explain analyze ${query}`);
    print(`\n${label}\n${rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  };
  await explain("orders to ship", sql`select count(*) from orders where status = 'Processing'`);
  await explain(
    "paid sales this week",
    sql`select sum(total_paise) from orders where paid_at is not null and paid_at >= date_trunc('week', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata' and status <> 'Cancelled'`,
  );
  await explain(
    "best sellers",
    sql`select i.product_id, sum(i.quantity) q from orders o join order_items i on i.order_id = o.id where o.paid_at >= now() - interval '30 days' and o.paid_at is not null and o.status <> 'Cancelled' group by i.product_id order by q desc limit 5`,
  );
  await explain(
    "low stock",
    sql`select s.product_id, s.size, s.stock from product_sizes s join products p on p.id = s.product_id and p.deleted_at is null where s.stock <= 5 order by s.stock, s.product_id limit 20`,
  );
  await explain("list, page 1", sql`select * from orders order by created_at desc, id desc limit 10`);
  await explain(
    "list, Processing",
    sql`select * from orders where status = 'Processing' order by created_at desc, id desc limit 10`,
  );
  await explain(
    "search by name",
    sql`select * from orders where public_id = 'KAVYA' or shipping_address->>'fullName' ilike '%kavya%' or shipping_address->>'phone' ilike '%kavya%' order by created_at desc, id desc limit 10`,
  );
  await explain("count, all", sql`select count(*) from orders`);
} finally {
  await store.stop();
  remove();
  await handle.close();
  if (!process.argv.includes("--keep")) await catalog.remove();
  else print(`kept: ${catalog.databaseUrl}`);
}
