/**
 * The owner's settings across two store processes on one PostgreSQL database (decision 042): a change made
 * through one store is priced by the other within its copy's lifetime (SETTINGS_CACHE_MS), without a
 * restart, and by the store that made it at once.
 *
 * Run by `npm run test:processes` with DATABASE_URL set (PGlite cannot be shared by two processes).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { users } from "../accounts/accounts.tables";
import {
  clientAddress,
  createProcessTestDatabase,
  insertShoppers,
  request,
  seedProduct,
  startStoreProcess,
  waitUntil,
  type StoreProcess,
  type TestDatabase,
} from "../test-support/store-processes";
import { PASSWORD } from "../test-support/accounts";
import { SETTINGS_CACHE_MS } from "./store-settings";

let database: TestDatabase;
let stores: StoreProcess[] = [];

beforeAll(async () => {
  database = await createProcessTestDatabase();
  stores = await Promise.all([startStoreProcess(database.url), startStoreProcess(database.url)]);
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  await database?.close();
});

const ruleAt = async (store: StoreProcess) =>
  (await request(`${store.url}/api/store/delivery-charge`)).json().data as {
    freeFrom: number;
    charge: number;
  };

describe("two store processes", () => {
  it("price the delivery charge the owner set through either, the other within its copy's few seconds", async () => {
    const [a, b] = stores as [StoreProcess, StoreProcess];
    const productId = await seedProduct(database.db, {
      name: "Indigo Kurti",
      pricePaise: 149_900,
      sizes: { M: 5 },
    });
    const [owner] = await insertShoppers(database.db, 1);
    await database.db.update(users).set({ roleId: ROLE.superAdmin }).where(eq(users.id, owner!.id));
    const login = await request(`${a.url}/api/users/login`, {
      method: "POST",
      json: { email: owner!.email, password: PASSWORD },
      from: clientAddress(0),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };

    // Both have read the first values (and keep them).
    expect(await ruleAt(a)).toEqual({ freeFrom: 1999, charge: 99 });
    expect(await ruleAt(b)).toEqual({ freeFrom: 1999, charge: 99 });

    const changed = await request(`${a.url}/api/admin/settings/update`, {
      method: "POST",
      json: { deliveryCharge: 149 },
      headers: auth,
    });
    expect(changed.status, changed.body).toBe(200);
    const changedAt = Date.now();

    // The store that made the change prices it at once.
    expect(await ruleAt(a)).toEqual({ freeFrom: 1999, charge: 149 });
    // The other within its copy's lifetime, with no restart.
    await waitUntil("the other store prices the new charge", async () => (await ruleAt(b)).charge === 149, {
      timeoutMs: SETTINGS_CACHE_MS + 5_000,
      intervalMs: 100,
    });
    expect(Date.now() - changedAt).toBeLessThan(SETTINGS_CACHE_MS + 5_000);
    const priced = await request(`${b.url}/api/orders/price-cart`, {
      method: "POST",
      json: { items: [{ id: productId, size: "M", quantity: 1 }] },
    });
    expect(priced.json().data).toMatchObject({ deliveryCharge: 149, total: 1648 });

    // The history, read through the other store, has the change.
    const read = await request(`${b.url}/api/admin/settings`, { headers: auth });
    expect(read.json().data).toMatchObject({
      settings: { deliveryCharge: 149 },
      history: [{ setting: "deliveryCharge", from: 99, to: 149 }],
    });
  });
});
