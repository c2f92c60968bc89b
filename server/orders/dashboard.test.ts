import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import type { LowStockLine } from "../../contract/staff-orders";
import { createUserAndLogin } from "../test-support/accounts";
import { malformed } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { startTestApp } from "../test-support/test-app";

const { app, api } = await startTestApp();
let staff: ReturnType<typeof api.as>;
let shown: number[];

beforeAll(async () => {
  staff = api.as((await createUserAndLogin(app, ROLE.admin)).token);
  // 13 shown products with two sizes low in stock each (26 lines), one size in stock each, and a hidden one.
  shown = await seedCatalog(
    app,
    Array.from({ length: 13 }, (_, index) => ({
      name: `Low Kurta ${String(index + 1).padStart(2, "0")}`,
      price: 999,
      categoryId: 4,
      sizes: { S: index % 6, M: 5, L: 30 },
    })),
  );
  await seedCatalog(app, [
    { name: "Hidden Kurta", price: 999, categoryId: 4, sizes: { S: 0, M: 1 }, deleted: true },
  ]);
});

describe("the dashboard's sizes low in stock", () => {
  it("page through every one of them, fewest pieces first, each once; hidden products left out", async () => {
    const dashboard = (await staff.dashboard()).body.data;
    expect(dashboard.lowStockTotal).toBe(26);
    expect(dashboard.lowStock).toHaveLength(10);

    const seen: LowStockLine[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await staff.lowStock({ page, limit: 10 });
      expect(answer.body.pagination).toEqual({ page, limit: 10, total: 26 });
      seen.push(...answer.body.data);
    }
    expect(seen.slice(0, 10)).toEqual(dashboard.lowStock);
    expect(seen).toHaveLength(26);
    expect(new Set(seen.map((line) => `${line.productId}/${line.size}`)).size).toBe(26);
    expect(seen.map((line) => line.stock)).toEqual(seen.map((line) => line.stock).sort((a, b) => a - b));
    expect(seen.every((line) => shown.includes(line.productId))).toBe(true);
    expect((await staff.lowStock({ page: 4, limit: 10 })).body.data).toEqual([]);
  });

  it("is for staff only, and a bad page is a 400", async () => {
    expect((await api.lowStock({})).status).toBe(401);
    const customer = api.as((await createUserAndLogin(app, ROLE.customer)).token);
    expect((await customer.lowStock({})).status).toBe(403);
    const bad = await staff.lowStock(malformed({ page: "0" }));
    expect(bad.status).toBe(400);
    expect(bad.error.errors).toEqual({ page: "Page must be 1 or more" });
  });
});

describe("the dashboard's days", () => {
  it("are India's today and the Monday of its week, for the links to the orders behind the sales", async () => {
    const { today, weekFrom } = (await staff.dashboard()).body.data;
    const india = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(today).toBe(india);
    const monday = new Date(`${weekFrom}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
    const days = (Date.parse(`${today}T00:00:00Z`) - monday.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(0);
    expect(days).toBeLessThan(7);
  });
});
