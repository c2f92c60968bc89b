import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, selectRows } from "../server/db/client";
import { BENCH_STAFF, generateOrders } from "./order-generator";
import type { PageToAudit } from "./page-speed";
import type { Catalog } from "./store-server";

/** The shopper whose bag, orders and order page are audited: generated with orders of her own. */
const SHOPPER = { email: "shopper1@example.in", password: BENCH_STAFF.password };

/**
 * Accounts and a few hundred orders in the audited catalog (the staff's and the shoppers' of
 * order-generator.ts), so that My Orders, an order page and the staff's pages show what they would in a shop.
 * Returns the public id of the audited shopper's latest order.
 */
export async function seedAuditedAccounts(catalog: Catalog): Promise<string> {
  const handle = await openDatabase({
    databaseUrl: catalog.databaseUrl,
    pgliteDir: path.join(catalog.dataDir, "pg"),
  });
  try {
    await generateOrders({
      db: handle.db,
      count: 400,
      shoppers: 20,
      firstProductId: catalog.firstId,
      lastProductId: catalog.lastId,
    });
    const [latest] = await selectRows<{ publicId: string }>(
      handle.db,
      sql`select o.public_id as "publicId" from orders o join users u on u.id = o.user_id
          where u.email = ${SHOPPER.email} order by o.created_at desc limit 1`,
    );
    if (!latest) throw new Error(`${SHOPPER.email} has no order to audit`);
    return latest.publicId;
  } finally {
    await handle.close();
  }
}

/** The session cookie (`name=value`) the store sets for an account that signs in. */
async function sessionCookie(storeUrl: string, account: { email: string; password: string }) {
  const response = await fetch(`${storeUrl}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(";")[0];
  await response.body?.cancel();
  if (!response.ok || !cookie) throw new Error(`${account.email} could not sign in (${response.status})`);
  return cookie;
}

/**
 * Every page issue 41 sets targets on: a guest's storefront pages, the shopper's bag, checkout, orders and
 * an order of hers (signed in), and the staff's dashboard, Received Orders and the product form. The bag
 * and checkout are audited with an empty bag (Lighthouse clears storage before each run, and the bag lives
 * in the browser's).
 */
export async function pagesToAudit(
  storeUrl: string,
  catalog: Catalog,
  orderId: string,
): Promise<PageToAudit[]> {
  const shopper = await sessionCookie(storeUrl, SHOPPER);
  const staff = await sessionCookie(storeUrl, BENCH_STAFF);
  return [
    { name: "home", path: "/", kind: "storefront" },
    { name: "list", path: "/products", kind: "storefront" },
    { name: "product", path: `/products/${catalog.firstId}`, kind: "storefront" },
    { name: "category", path: "/products?category=1", kind: "storefront" },
    { name: "login", path: "/login", kind: "storefront" },
    { name: "register", path: "/register", kind: "storefront" },
    { name: "bag", path: "/cart-drawer", kind: "storefront", cookie: shopper },
    { name: "checkout", path: "/checkout", kind: "storefront", cookie: shopper },
    { name: "My Orders", path: "/orders", kind: "storefront", cookie: shopper },
    { name: "an order", path: `/orders/${orderId}`, kind: "storefront", cookie: shopper },
    { name: "staff dashboard", path: "/admin-dashboard", kind: "staff", cookie: staff },
    { name: "received orders", path: "/admin/received-orders", kind: "staff", cookie: staff },
    { name: "product form", path: "/addproduct", kind: "staff", cookie: staff },
  ];
}
