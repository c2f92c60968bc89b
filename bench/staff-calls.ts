// Staff's calls on a large shop: the dashboard and Received Orders on 10,000 products and 100,000 orders,
// on PostgreSQL (`npm run bench -- --only staff`; bench/README.md, "Staff calls on a large shop").
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, selectRows, type Database } from "../server/db/client";
import { generateGstDocuments } from "./gst-generator";
import { BENCH_OWNER, BENCH_STAFF, benchShopperPhone, generateOrders } from "./order-generator";
import type { Cleanups } from "./place-order";
import { createCatalog, startStore, type Deployment } from "./store-server";

export const STAFF_PRODUCTS = 10_000;
export const STAFF_ORDERS = 100_000;
/** One member of staff, and a few at once (a busy morning with the owner, a packer and an assistant). */
export const STAFF_CONCURRENCIES = [1, 4] as const;
const REQUESTS = 1000;
const WARM_UP = 100;

const phone = benchShopperPhone(1235);
/** A week of India's calendar ending today, YYYY-MM-DD. */
const indiaDay = (daysAgo: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(Date.now() - daysAgo * 86_400_000);

/** Staff's calls: the dashboard, Received Orders and its views and searches, and the product list. */
export const STAFF_CALLS = {
  "GET /api/admin/dashboard": "/api/admin/dashboard",
  "GET /api/admin/low-stock?page=2": "/api/admin/low-stock?page=2&limit=10",
  "GET /api/orders/get-admin-orders (page 1)": "/api/orders/get-admin-orders?page=1&limit=10",
  "GET /api/orders/get-admin-orders (page 500)": "/api/orders/get-admin-orders?page=500&limit=10",
  "GET /api/orders/get-admin-orders?status=Processing": "/api/orders/get-admin-orders?status=Processing",
  "GET /api/orders/get-admin-orders?work=tailoring": "/api/orders/get-admin-orders?work=tailoring",
  "GET /api/orders/get-admin-orders?work=to-ship": "/api/orders/get-admin-orders?work=to-ship",
  "GET /api/orders/get-admin-orders?paidFrom=…&paidTo=… (a week)": `/api/orders/get-admin-orders?paidFrom=${indiaDay(6)}&paidTo=${indiaDay(0)}`,
  "GET /api/orders/get-admin-orders?search=kavya": "/api/orders/get-admin-orders?search=kavya",
  "GET /api/orders/get-admin-orders?search=<order id>": "/api/orders/get-admin-orders?search=RBX000054321",
  "GET /api/orders/get-admin-orders?search=+91 <phone>": `/api/orders/get-admin-orders?search=${encodeURIComponent(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)}`,
  "GET /api/orders/get-admin-orders?search=<e-mail>":
    "/api/orders/get-admin-orders?search=shopper1235%40example.in",
  "GET /api/admin/products (page 1)": "/api/admin/products?page=1",
  "GET /api/admin/products (page 200)": "/api/admin/products?page=200",
  "GET /api/admin/products?search=anarkali": "/api/admin/products?search=anarkali",
  "GET /api/admin/products?stock=low&sort=stock": "/api/admin/products?stock=low&sort=stock",
  "GET /api/admin/products?categoryId=1&sort=price-asc": "/api/admin/products?categoryId=1&sort=price-asc",
  "GET /api/admin/products?visibility=hidden": "/api/admin/products?visibility=hidden",
} as const;

/** The owner's month for the accountant (books), on the last full month of the generated orders. */
const lastMonth = () => {
  const [year, month] = indiaDay(0).split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
};
const SUMMARY_REQUESTS = 20;

export type StaffCallResult = { call: string; concurrency: number; p50: number; p99: number; rps: number };
export type GstSummaryResult = {
  month: string;
  documents: number;
  requests: number;
  p50: number;
  max: number;
};
export type StaffCallsResults = {
  products: number;
  orders: number;
  rows: StaffCallResult[];
  gstSummary?: GstSummaryResult;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50/p99 of 1,000 requests (after 100 of warm-up) from `concurrency` clients, each waiting for its last. */
async function measure(
  url: string,
  token: string,
  concurrency: number,
  { requests = REQUESTS, warmUp = WARM_UP }: { requests?: number; warmUp?: number } = {},
) {
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
  await run(warmUp, false);
  const started = performance.now();
  await run(requests, true);
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    rps: requests / seconds,
  };
}

/**
 * Generates the shop (catalog-generator.ts, then order-generator.ts: 5,000 shoppers and 100,000 orders by
 * SQL), starts the built store on it, measures each staff call at each concurrency, and writes the
 * `EXPLAIN ANALYZE` of the queries behind them to `plansFile`.
 */
export async function measureStaffCalls({
  appDir,
  deployment,
  adminUrl,
  plansFile,
  quick = false,
  keep,
  cleanups,
  log,
}: {
  appDir: string;
  deployment: Deployment;
  adminUrl: string;
  plansFile: string;
  /** 200 requests a call after 20, from one client only (`--quick`). */
  quick?: boolean;
  keep: boolean;
  cleanups: Cleanups;
  log: (line: string) => void;
}): Promise<StaffCallsResults> {
  log(
    `Staff calls: ${STAFF_PRODUCTS.toLocaleString("en")} products and ${STAFF_ORDERS.toLocaleString("en")} orders…`,
  );
  const catalog = await createCatalog(STAFF_PRODUCTS, adminUrl);
  if (keep) log(`  kept: DATABASE_URL=${catalog.databaseUrl}`);
  else cleanups.push(catalog.remove);
  const handle = await openDatabase({ databaseUrl: catalog.databaseUrl, pgliteDir: null });
  try {
    await generateOrders({
      db: handle.db,
      count: STAFF_ORDERS,
      firstProductId: catalog.firstId,
      lastProductId: catalog.lastId,
    });
    await generateGstDocuments(handle.db);
    const store = await startStore(appDir, catalog, deployment);
    const rows: StaffCallResult[] = [];
    let gstSummary: GstSummaryResult | undefined;
    try {
      const login = await fetch(`${store.url}/api/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(BENCH_STAFF),
      });
      const token = ((await login.json()) as { token: string }).token;
      const counts = quick ? { requests: 200, warmUp: 20 } : {};
      for (const concurrency of quick ? [1] : STAFF_CONCURRENCIES)
        for (const [call, url] of Object.entries(STAFF_CALLS)) {
          const { max: _max, ...result } = await measure(`${store.url}${url}`, token, concurrency, counts);
          rows.push({ call, concurrency, ...result });
          log(
            `  ${call}, ${concurrency} at once: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
          );
        }
      gstSummary = await measureGstSummary(store.url, handle.db, log);
    } finally {
      await store.stop();
    }
    writeFileSync(plansFile, await queryPlans(handle.db));
    log(`  query plans: ${path.relative(process.cwd(), plansFile)}`);
    return { products: STAFF_PRODUCTS, orders: STAFF_ORDERS, rows, ...(gstSummary ? { gstSummary } : {}) };
  } finally {
    await handle.close();
  }
}

/** The owner's GST summary of the last full month: 20 requests, one at a time, after 2 of warm-up. */
async function measureGstSummary(url: string, db: Database, log: (line: string) => void) {
  const login = await fetch(`${url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_OWNER),
  });
  const token = ((await login.json()) as { token: string }).token;
  const month = lastMonth();
  const [counted] = await selectRows<{ documents: number }>(
    db,
    sql`select count(*)::int as documents from gst_documents
        where issued_at >= make_timestamptz(${Number(month.slice(0, 4))}, ${Number(month.slice(5))}, 1, 0, 0, 0, 'Asia/Kolkata')
          and issued_at < make_timestamptz(${Number(month.slice(0, 4))}, ${Number(month.slice(5))}, 1, 0, 0, 0, 'Asia/Kolkata') + interval '1 month'`,
  );
  const result = await measure(`${url}/api/admin/books/gst-summary?month=${month}`, token, 1, {
    requests: SUMMARY_REQUESTS,
    warmUp: 2,
  });
  log(
    `  GST summary of ${month} (${counted?.documents ?? 0} documents): p50 ${result.p50.toFixed(0)} ms, max ${result.max.toFixed(0)} ms`,
  );
  return {
    month,
    documents: counted?.documents ?? 0,
    requests: SUMMARY_REQUESTS,
    p50: result.p50,
    max: result.max,
  };
}

/** The plans of the queries behind the dashboard and the list, as PostgreSQL runs them on this shop. */
async function queryPlans(db: Database): Promise<string> {
  const queries: [string, ReturnType<typeof sql>][] = [
    ["orders to ship (kept count)", sql`select sum(orders) from order_counts where status = 'Processing'`],
    [
      "paid sales this week",
      sql`select sum(total_paise) from orders where paid_at is not null and paid_at >= date_trunc('week', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata' and status <> 'Cancelled'`,
    ],
    [
      "best sellers",
      sql`select i.product_id, sum(i.quantity) q from orders o join order_items i on i.order_id = o.id where o.paid_at >= now() - interval '30 days' and o.paid_at is not null and o.status <> 'Cancelled' group by i.product_id order by q desc limit 5`,
    ],
    [
      "low stock",
      sql`select s.product_id, s.size, s.stock from product_sizes s join products p on p.id = s.product_id and p.deleted_at is null where s.stock <= 5 order by s.stock, s.product_id limit 20`,
    ],
    ["list, page 1", sql`select * from orders order by created_at desc, id desc limit 10`],
    ["list, page 500", sql`select * from orders order by created_at desc, id desc limit 10 offset 4990`],
    [
      "list, Processing",
      sql`select * from orders where status = 'Processing' order by created_at desc, id desc limit 10`,
    ],
    [
      "search by name or e-mail, and its count",
      sql`select count(*) from orders where public_id = 'KAVYA' or shipping_address->>'fullName' ilike '%kavya%' or shipping_address->>'email' ilike '%kavya%'`,
    ],
    [
      "search by phone, and its count",
      sql`select count(*) from orders where right(regexp_replace((shipping_address->>'phone'), '[^0-9]', '', 'g'), 10) like ${`%${phone}%`}`,
    ],
    [
      "list, with the tailor",
      sql`select * from orders o where status = 'Processing' and exists (select 1 from order_items i where i.order_id = o.id and i.customization is not null and i.tailoring_done_at is null) order by created_at desc, id desc limit 10`,
    ],
    ["total of all orders (kept count)", sql`select sum(orders) from order_counts`],
  ];
  const out: string[] = [];
  for (const [label, query] of queries) {
    const rows = await selectRows<{ "QUERY PLAN": string }>(db, sql`explain analyze ${query}`);
    out.push(label, ...rows.map((row) => `  ${row["QUERY PLAN"]}`), "");
  }
  return out.join("\n");
}
