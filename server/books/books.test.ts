import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { ORDERS_EXPORT_COLUMNS } from "../../contract/books";
import { formatPaise } from "../../contract/money";
import { DEMO_GST } from "../config";
import { gstDocuments } from "../gst/gst.tables";
import { indianDateOf } from "../gst/gst-tax";
import { orders } from "../orders/orders.tables";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  HOME,
  orderOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { pdfText } from "../test-support/pdf-text";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;
let owner: string;
let admin: string;
let month: string;
/** A, Telangana: 2 × ₹2,499 (5 %) and ₹2,500.01 (18 %); B, Karnataka: ₹2,500.01; C, Karnataka: ₹2,499, cancelled. */
const ids: Record<"A" | "B" | "C" | "D", string> = { A: "", B: "", C: "", D: "" };

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

async function paidOrder(shopper: Shopper, items: { id: number; size: string; quantity: number }[]) {
  const placed = await placedOrder(app, shopper, items);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  expect((await orderOf(app, placed.orderId)).status).toBe("Processing");
  return placed.orderId;
}

async function shopperIn(state: string): Promise<Shopper> {
  const shopper = await createUserAndLogin(app, ROLE.customer);
  const response = await post(
    app,
    "/api/addresses/add-address",
    {
      ...HOME,
      name: '=HYPERLINK("x")',
      state,
      city: "Bengaluru",
      pincode: state === "Karnataka" ? "560001" : HOME.pincode,
    },
    bearer(shopper.token),
  );
  return { ...shopper, addressId: response.json().data.id as number };
}

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  owner = (await createUserAndLogin(app, ROLE.superAdmin)).token;
  admin = (await createUserAndLogin(app, ROLE.admin)).token;
  const sizes = { M: 50 };
  const [at2499, at250001] = (await seedCatalog(app, [
    { name: "Rani Pink Anarkali", price: 2499, categoryId: 1, sizes },
    { name: "Emerald Silk Lehenga", price: 2500.01, categoryId: 2, sizes },
  ])) as [number, number];
  const telangana = await shopperWithAddress(app);
  const karnataka = await shopperIn("Karnataka");
  ids.A = await paidOrder(telangana, [
    { id: at2499, size: "M", quantity: 2 },
    { id: at250001, size: "M", quantity: 1 },
  ]);
  ids.B = await paidOrder(karnataka, [{ id: at250001, size: "M", quantity: 1 }]);
  ids.C = await paidOrder(karnataka, [{ id: at2499, size: "M", quantity: 1 }]);
  const cancelled = await post(
    app,
    "/api/orders/update-order-status",
    { orderId: ids.C, status: "Cancelled", cancelReason: "out-of-stock" },
    bearer(admin),
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  // Placed, never paid: no document, in no table.
  ids.D = (await placedOrder(app, telangana, [{ id: at2499, size: "M", quantity: 1 }])).orderId;
  const [first] = await app.services.db.select().from(gstDocuments).limit(1);
  month = indianDateOf(first!.issuedAt).slice(0, 7);
}, 120_000);
afterAll(() => close());

const get = (url: string, token: string | null = owner) =>
  app.inject({ method: "GET", url, remoteAddress: freshIp(), headers: token ? bearer(token) : {} });

describe("the month's GST summary", () => {
  it("sums B2C sales by place of supply and rate, and by HSN, with the credit note taken off", async () => {
    const response = await get(`/api/admin/books/gst-summary?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().data;
    expect(summary.b2c).toEqual([
      // C's invoice and its credit note: nothing left.
      { placeOfSupply: "29-Karnataka", rate: 5, taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
      {
        placeOfSupply: "29-Karnataka",
        rate: 18,
        taxableValue: 2118.65,
        cgst: 0,
        sgst: 0,
        igst: 381.36,
        total: 2500.01,
      },
      {
        placeOfSupply: "36-Telangana",
        rate: 5,
        taxableValue: 4760,
        cgst: 119,
        sgst: 119,
        igst: 0,
        total: 4998,
      },
      {
        placeOfSupply: "36-Telangana",
        rate: 18,
        taxableValue: 2118.65,
        cgst: 190.68,
        sgst: 190.68,
        igst: 0,
        total: 2500.01,
      },
    ]);
    expect(summary.hsn).toEqual([
      { hsn: "6204", rate: 5, quantity: 2, taxableValue: 4760, cgst: 119, sgst: 119, igst: 0, total: 4998 },
      {
        hsn: "6204",
        rate: 18,
        quantity: 2,
        taxableValue: 4237.3,
        cgst: 190.68,
        sgst: 190.68,
        igst: 381.36,
        total: 5000.02,
      },
    ]);
    expect(summary.series.map((row: { kind: string; count: number }) => [row.kind, row.count])).toEqual([
      ["invoice", 3],
      ["credit-note", 1],
    ]);
    expect(summary.invoices).toEqual({
      count: 3,
      taxableValue: 11377.3,
      cgst: 309.68,
      sgst: 309.68,
      igst: 500.36,
      total: 12497.02,
    });
    expect(summary.creditNotes).toEqual({
      count: 1,
      taxableValue: 2380,
      cgst: 0,
      sgst: 0,
      igst: 119,
      total: 2499,
    });
    expect(summary.net).toEqual({
      taxableValue: 8997.3,
      cgst: 309.68,
      sgst: 309.68,
      igst: 381.36,
      total: 9998.02,
    });
  });

  it("agrees to the paisa with every document and its PDF", async () => {
    const summary = (await get(`/api/admin/books/gst-summary?month=${month}`)).json().data;
    const rows = await app.services.db
      .select()
      .from(gstDocuments)
      .where(
        inArray(
          gstDocuments.number,
          summary.documents.map((row: { number: string }) => row.number),
        ),
      );
    expect(rows).toHaveLength(4);
    const byOrder = new Map<string, string[]>();
    for (const document of summary.documents) {
      const row = rows.find((found) => found.number === document.number)!;
      expect(document).toMatchObject({
        kind: row.kind === "invoice" ? "invoice" : "credit-note",
        placeOfSupply: row.placeOfSupply,
        taxableValue: row.taxablePaise / 100,
        cgst: row.cgstPaise / 100,
        sgst: row.sgstPaise / 100,
        igst: row.igstPaise / 100,
        total: row.totalPaise / 100,
      });
      byOrder.set(document.orderId, [...(byOrder.get(document.orderId) ?? []), document.number]);
      // The PDF the shopper and staff download prints the same number and the same totals.
      const pdf = await get(`/api/orders/gst-document?id=${document.orderId}&kind=${document.kind}`, owner);
      const text = pdfText(pdf.rawPayload);
      const lines = text.split("\n");
      const totalLine = lines.find((line) => /(Total|Credited) \(GST included\)/.test(line))!;
      expect(text).toContain(document.number);
      expect(totalLine).toContain(formatPaise(row.totalPaise));
      expect(lines.findLast((line) => line.includes("Taxable value"))).toContain(
        formatPaise(row.taxablePaise),
      );
    }
    expect([...byOrder.keys()].sort()).toEqual([ids.A, ids.B, ids.C].sort());
    const credit = summary.documents.find((row: { kind: string }) => row.kind === "credit-note");
    expect(credit).toMatchObject({ orderId: ids.C, invoiceNumber: byOrder.get(ids.C)![0] });
    // The tables add up to the documents: invoices less credit notes.
    const sum = (list: { total: number }[]) => Math.round(list.reduce((t, row) => t + row.total * 100, 0));
    expect(sum(summary.b2c)).toBe(Math.round(summary.net.total * 100));
    expect(sum(summary.hsn)).toBe(Math.round(summary.net.total * 100));
    expect(Math.round(summary.invoices.total * 100) - Math.round(summary.creditNotes.total * 100)).toBe(
      Math.round(summary.net.total * 100),
    );
  });

  it("downloads as CSV: each table under its title, amounts in rupees and paise", async () => {
    const response = await get(`/api/admin/books/gst-summary.csv?month=${month}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="GST-summary-${month}.csv"`);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const text = response.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(`"GST summary of ${month}: ${DEMO_GST.legalName}, GSTIN ${DEMO_GST.gstin}"`);
    const after = (title: string) => {
      const rest = lines.slice(lines.findIndex((line) => line.startsWith(title)) + 1);
      return rest.slice(0, rest.indexOf(""));
    };
    expect(after("B2C supplies").slice(0, 5)).toEqual([
      "Place of supply,Rate (%),Taxable value,CGST,SGST,IGST,Total",
      "29-Karnataka,5,0.00,0.00,0.00,0.00,0.00",
      "29-Karnataka,18,2118.65,0.00,0.00,381.36,2500.01",
      "36-Telangana,5,4760.00,119.00,119.00,0.00,4998.00",
      "36-Telangana,18,2118.65,190.68,190.68,0.00,2500.01",
    ]);
    expect(after("HSN summary").slice(0, 3)).toEqual([
      "HSN/SAC,UQC,Quantity,Rate (%),Taxable value,CGST,SGST,IGST,Total",
      "6204,NOS,2,5,4760.00,119.00,119.00,0.00,4998.00",
      "6204,NOS,2,18,4237.30,190.68,190.68,381.36,5000.02",
    ]);
    const documents = after("Invoices and credit notes");
    expect(documents[0]).toBe(
      "Type,Number,Date,Order,Against invoice,Place of supply,Taxable value,CGST,SGST,IGST,Total",
    );
    expect(documents.filter((line) => line.startsWith("Credit note,"))).toHaveLength(1);
    expect(after("Totals").slice(1, 4)).toEqual([
      "Invoices,3,11377.30,309.68,309.68,500.36,12497.02",
      "Credit notes,1,2380.00,0.00,0.00,119.00,2499.00",
      "Net,,8997.30,309.68,309.68,381.36,9998.02",
    ]);
  });

  it("downloads as a spreadsheet with a sheet for each table", async () => {
    const response = await get(`/api/admin/books/gst-summary.xlsx?month=${month}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const workbook = strFromU8(files["xl/workbook.xml"]!);
    for (const sheet of ["B2C", "HSN", "Documents", "Series", "Totals"])
      expect(workbook).toContain(`name="${sheet}"`);
    const strings = strFromU8(files["xl/sharedStrings.xml"]!);
    expect(strings).toContain("36-Telangana");
    expect(strings).toContain("Credit note");
    // Amounts are numbers, in rupees.
    expect(
      Object.values(files)
        .map((file) => strFromU8(file))
        .join(""),
    ).toContain("<v>2118.65</v>");
  });

  it("is empty for a month without documents, and refuses a bad month", async () => {
    const empty = (await get("/api/admin/books/gst-summary?month=2001-01")).json().data;
    expect(empty).toMatchObject({
      b2c: [],
      hsn: [],
      documents: [],
      series: [],
      invoices: { count: 0, total: 0 },
    });
    for (const bad of ["2026-13", "26-11", "2026-1", ""]) {
      const response = await get(`/api/admin/books/gst-summary?month=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors).toEqual({ month: "Give a month as YYYY-MM, such as 2026-11." });
    }
  });
});

describe("the orders export", () => {
  it("lists the orders placed in the days given, with their columns, pieces, amounts and documents", async () => {
    const today = indianDateOf(new Date());
    const response = await get(`/api/admin/books/orders.csv?from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${today}-to-${today}.csv"`,
    );
    const [header, ...rows] = response.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(header).toBe(ORDERS_EXPORT_COLUMNS.join(","));
    expect(header).toBe(
      "Order ID,Placed at,Paid at,Order status,Payment status,Payment method,Customer,Phone,E-mail,City,State," +
        "PIN code,Pieces,Subtotal,Delivery,Cash on Delivery fee,Discount for paying online,Total,Invoice,Credit note",
    );
    expect(rows.map((row) => row.split(",")[0])).toEqual([ids.A, ids.B, ids.C, ids.D]);
    const cells = (orderId: string) => rows.find((row) => row.startsWith(orderId))!.split(",");
    const [order] = await app.services.db.select().from(orders).where(eq(orders.publicId, ids.A));
    const a = cells(ids.A);
    expect(a[1]).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}$`));
    expect(a.slice(3, 8)).toEqual([
      "Processing",
      "Success",
      order!.paymentMethod,
      "Kavya Reddy",
      order!.shippingAddress.phone,
    ]);
    expect(a.slice(9, 18)).toEqual([
      "Hyderabad",
      "Telangana",
      "500034",
      "3",
      "7498.01",
      "0.00",
      "0.00",
      "0.00",
      "7498.01",
    ]);
    expect(a[18]).toMatch(/^INV\//);
    expect(a[19]).toBe("");
    expect(cells(ids.C)[19]).toMatch(/^CN\//);
    expect(cells(ids.D).slice(2, 4)).toEqual(["", "Pending"]);
    // A name that a spreadsheet would run as a formula is written as text.
    expect(cells(ids.B)[6]).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("refuses a range backwards, too long or not of dates", async () => {
    const cases: [string, Record<string, string>][] = [
      ["from=2026-11-30&to=2026-11-01", { to: "The first day must not be after the last." }],
      ["from=2025-01-01&to=2026-06-30", { to: "Export at most 366 days at a time." }],
      ["from=yesterday&to=2026-11-01", { from: "Give a date as YYYY-MM-DD." }],
    ];
    for (const [query, errors] of cases) {
      const response = await get(`/api/admin/books/orders.csv?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
  });
});

describe("who may read the books", () => {
  it("is the super admin: an admin, a shopper and a guest are refused", async () => {
    const shopper = (await createUserAndLogin(app, ROLE.customer)).token;
    for (const url of [
      `/api/admin/books/gst-summary?month=${month}`,
      `/api/admin/books/gst-summary.csv?month=${month}`,
      `/api/admin/books/gst-summary.xlsx?month=${month}`,
      "/api/admin/books/orders.csv?from=2026-11-01&to=2026-11-30",
    ]) {
      expect((await get(url, admin)).statusCode, url).toBe(403);
      expect((await get(url, shopper)).statusCode, url).toBe(403);
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });
});
