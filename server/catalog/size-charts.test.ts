import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { DEFAULT_SIZE_CHARTS, SIZE_CHART_MESSAGES, type SizeChart } from "../../contract/size-charts";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;
let anarkali: number;
let kidsFrock: number;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
  [anarkali, kidsFrock] = (await seedCatalog(app, [
    { name: "Emerald Anarkali", price: 4599, categoryId: 1 },
    { name: "Little Lehenga", price: 1899, categoryId: 5, sizes: { "4-5": 3 } },
  ])) as [number, number];
});
afterAll(() => close());

const productChart = async (id: number) =>
  (
    await app.inject({ method: "GET", url: `/api/products/get-product?id=${id}`, remoteAddress: freshIp() })
  ).json().data.sizeChart as SizeChart;
const save = (body: unknown, token: string | null = staff) =>
  post(app, "/api/admin/size-charts/save", body, token ? bearer(token) : {});

const blouseChart: SizeChart = {
  measurements: [
    { name: "Bust", unit: "in" },
    { name: "Length", unit: "cm" },
  ],
  rows: [
    { size: "S", values: ["34", "38"] },
    { size: "M", values: ["36.5", "39"] },
  ],
};

describe("size charts", () => {
  it("a product shows its category's default chart until staff chart the category: kids by age", async () => {
    expect(await productChart(anarkali)).toEqual(DEFAULT_SIZE_CHARTS.women);
    expect(await productChart(kidsFrock)).toEqual(DEFAULT_SIZE_CHARTS.kids);
  });

  it("staff replace a category's chart and its products show it at once", async () => {
    await productChart(anarkali); // kept in the catalog's answers
    const response = await save({ categoryId: 1, chart: blouseChart });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: SIZE_CHART_MESSAGES.saved, data: { charted: true } });
    expect(await productChart(anarkali)).toEqual(blouseChart);
    expect(await productChart(kidsFrock)).toEqual(DEFAULT_SIZE_CHARTS.kids);

    const listed = await app.inject({
      method: "GET",
      url: "/api/admin/size-charts",
      headers: bearer(staff),
      remoteAddress: freshIp(),
    });
    expect(listed.statusCode).toBe(200);
    const charts = listed.json().data as { category: { id: number }; charted: boolean; chart: SizeChart }[];
    expect(charts.map((chart) => [chart.category.id, chart.charted])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
    ]);
  });

  it("refuses a chart that does not hold together, in the contract's words, and keeps the old one", async () => {
    const before = await productChart(anarkali);
    const cases: [unknown, number, string][] = [
      [
        { categoryId: 1, chart: { ...blouseChart, rows: [{ size: "S", values: ["34"] }] } },
        400,
        SIZE_CHART_MESSAGES.valueCount,
      ],
      [
        { categoryId: 1, chart: { ...blouseChart, rows: [{ size: "S", values: ["34", "abc"] }] } },
        400,
        SIZE_CHART_MESSAGES.value,
      ],
      [
        {
          categoryId: 1,
          chart: { ...blouseChart, rows: [blouseChart.rows[0], { ...blouseChart.rows[0], size: "s" }] },
        },
        400,
        SIZE_CHART_MESSAGES.duplicateSize,
      ],
      [{ categoryId: 1, chart: { ...blouseChart, measurements: [] } }, 400, SIZE_CHART_MESSAGES.measurements],
      [{ categoryId: 1, chart: { ...blouseChart, rows: [] } }, 400, SIZE_CHART_MESSAGES.rows],
      [{ categoryId: 99, chart: blouseChart }, 404, SIZE_CHART_MESSAGES.categoryNotFound],
    ];
    for (const [body, status, message] of cases) {
      const response = await save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await productChart(anarkali)).toEqual(before);
  });

  it("names each bad cell with its own message, all at once, and keeps the old chart", async () => {
    const before = await productChart(anarkali);
    const response = await save({
      categoryId: 1,
      chart: {
        measurements: [
          { name: "Bust", unit: "in" },
          { name: "", unit: "in" },
          { name: "Hip", unit: "feet" },
        ],
        rows: [
          { size: "S", values: ["34", "abc", "36"] },
          { size: "", values: ["35", "28", "37"] },
          { size: "M", values: ["36", "30", "38-"] },
          { size: "s", values: ["37", "31", "39"] },
          { size: "L", values: ["38", "32"] },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      "chart.measurements.1.name": SIZE_CHART_MESSAGES.measurementName,
      "chart.measurements.2.unit": SIZE_CHART_MESSAGES.unit,
      "chart.rows.0.values.1": SIZE_CHART_MESSAGES.value,
      "chart.rows.1.size": SIZE_CHART_MESSAGES.size,
      "chart.rows.2.values.2": SIZE_CHART_MESSAGES.value,
      "chart.rows.3.size": SIZE_CHART_MESSAGES.duplicateSize,
      "chart.rows.4.values": SIZE_CHART_MESSAGES.valueCount,
    });
    expect(await productChart(anarkali)).toEqual(before);
  });

  it("is for staff only", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect((await save({ categoryId: 1, chart: blouseChart }, shopper.token)).statusCode).toBe(403);
    expect((await save({ categoryId: 1, chart: blouseChart }, null)).statusCode).toBe(401);
  });
});
