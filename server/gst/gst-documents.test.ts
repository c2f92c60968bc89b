import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { GST_MESSAGES } from "../../contract/gst";
import { DEMO_GST } from "../config";
import { selectRows } from "../db/client";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  HOME,
  orderOf,
  paymentOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { pdfText } from "../test-support/pdf-text";
import { startSmtpInbox } from "../test-support/smtp-inbox";
import { createTestApp } from "../test-support/test-app";
import { gstApparelRates, gstCategoryHsn, gstDocumentCounters, gstDocuments } from "./gst.tables";
import { orders } from "../orders/orders.tables";

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let app: FastifyInstance;
let close: () => Promise<void>;
let staff: { token: string };
/** Products at the edge-case prices: ₹2,500.00, ₹2,500.01, ₹2,499 and a Kids piece of ₹1,000. */
let at2500: number;
let at250001: number;
let at2499: number;
let kids: number;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ({ app, close } = await createTestApp({ smtpUrl: inbox.url }, { listen: true }));
  staff = await createUserAndLogin(app, ROLE.admin);
  const sizes = { M: 200 };
  [at2500, at250001, at2499, kids] = (await seedCatalog(app, [
    { name: "Ivory Chikankari Anarkali", price: 2500, categoryId: 1, sizes },
    { name: "Emerald Silk Lehenga", price: 2500.01, categoryId: 2, sizes },
    { name: "Rani Pink Anarkali", price: 2499, categoryId: 1, sizes },
    { name: "Little Marigold Frock", price: 1000, categoryId: 5, sizes },
  ])) as [number, number, number, number];
});
afterAll(async () => {
  await close();
  await inbox.close();
});

const get = (url: string, token?: string) =>
  app.inject({ method: "GET", url, remoteAddress: freshIp(), headers: token ? bearer(token) : {} });

/** Sends every queued mail (a pass sends at most 20). */
async function sendAllMail() {
  while ((await app.services.mailWorker.runOnce()) > 0);
}

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

async function paidOrder(shopper: Shopper, items: { id: number; size: string; quantity: number }[]) {
  const placed = await placedOrder(app, shopper, items);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  expect((await orderOf(app, placed.orderId)).status).toBe("Processing");
  return placed.orderId;
}

async function documentOf(orderId: string, kind: "invoice" | "credit_note") {
  const order = await orderOf(app, orderId);
  const [row] = await app.services.db
    .select()
    .from(gstDocuments)
    .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, kind)));
  return row;
}

const pdfOf = (orderId: string, kind: string, token: string) =>
  get(`/api/orders/gst-document?id=${orderId}&kind=${kind}`, token);

/** A shopper whose saved address is in another state than the store's. */
async function shopperIn(state: string): Promise<Shopper> {
  const shopper = await createUserAndLogin(app, ROLE.customer);
  const response = await post(
    app,
    "/api/addresses/add-address",
    { ...HOME, state, city: "Bengaluru", pincode: state === "Karnataka" ? "560001" : HOME.pincode },
    bearer(shopper.token),
  );
  return { ...shopper, addressId: response.json().data.id as number };
}

describe("the tax invoice of a paid order", () => {
  it("lists each line's HSN code, taxable value and CGST + SGST for a delivery in Telangana, as the edge-case table", async () => {
    const shopper = await shopperWithAddress(app);
    const orderId = await paidOrder(shopper, [
      { id: at2500, size: "M", quantity: 1 },
      { id: at250001, size: "M", quantity: 1 },
      { id: at2499, size: "M", quantity: 2 },
    ]);
    const invoice = (await documentOf(orderId, "invoice"))!;
    expect(invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    expect(invoice.number.length).toBeLessThanOrEqual(16);
    expect(invoice.supplier).toEqual({ ...DEMO_GST, stateCode: "36", state: "Telangana" });
    expect(invoice.placeOfSupply).toBe("36-Telangana");
    expect(invoice.intraState).toBe(true);
    expect(
      invoice.lines.map(
        ({ hsn, quantity, rateBp, totalPaise, taxablePaise, cgstPaise, sgstPaise, igstPaise }) => ({
          hsn,
          quantity,
          rateBp,
          totalPaise,
          taxablePaise,
          cgstPaise,
          sgstPaise,
          igstPaise,
        }),
      ),
    ).toEqual([
      {
        hsn: "6204",
        quantity: 1,
        rateBp: 500,
        totalPaise: 250_000,
        taxablePaise: 238_095,
        cgstPaise: 5_953,
        sgstPaise: 5_952,
        igstPaise: 0,
      },
      {
        hsn: "6204",
        quantity: 1,
        rateBp: 1800,
        totalPaise: 250_001,
        taxablePaise: 211_865,
        cgstPaise: 19_068,
        sgstPaise: 19_068,
        igstPaise: 0,
      },
      {
        hsn: "6204",
        quantity: 2,
        rateBp: 500,
        totalPaise: 499_800,
        taxablePaise: 476_000,
        cgstPaise: 11_900,
        sgstPaise: 11_900,
        igstPaise: 0,
      },
    ]);
    // Each piece says where it was made, as its product did when the invoice was issued.
    expect(invoice.lines.map((line) => line.countryOfOrigin)).toEqual(["India", "India", "India"]);
    expect(invoice).toMatchObject({
      totalPaise: 999_801,
      taxablePaise: 925_960,
      cgstPaise: 36_921,
      sgstPaise: 36_920,
      igstPaise: 0,
    });

    // The PDF prints the same numbers.
    const response = await pdfOf(orderId, "invoice", shopper.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="GST-invoice-${invoice.number.replaceAll("/", "-")}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    const flowing = text.replace(/\s+/g, " ");
    for (const expected of [
      "TAX INVOICE",
      invoice.number,
      orderId,
      DEMO_GST.legalName,
      `GSTIN ${DEMO_GST.gstin}`,
      "36-Telangana",
      "Prices include GST",
      "Country of origin: India",
    ])
      expect(flowing).toContain(expected);
    const lineOf = (name: string) => text.split("\n").find((line) => line.includes(name)) ?? "";
    expect(lineOf("Ivory Chikankari")).toMatch(
      /6204\s+1\s+₹2,500\.00\s+₹2,380\.95\s+5%\s+₹59\.53\s+₹59\.52\s+₹2,500\.00/,
    );
    expect(lineOf("Emerald Silk")).toMatch(
      /6204\s+1\s+₹2,500\.01\s+₹2,118\.65\s+18%\s+₹190\.68\s+₹190\.68\s+₹2,500\.01/,
    );
    expect(lineOf("Rani Pink")).toMatch(
      /6204\s+2\s+₹2,499\.00\s+₹4,760\.00\s+5%\s+₹119\.00\s+₹119\.00\s+₹4,998\.00/,
    );
    expect(lineOf("Total (GST included)")).toContain("₹9,998.01");
  });

  it("charges IGST on a delivery to another state, whose GST code is the place of supply", async () => {
    const shopper = await shopperIn("Karnataka");
    const orderId = await paidOrder(shopper, [{ id: at250001, size: "M", quantity: 1 }]);
    const invoice = (await documentOf(orderId, "invoice"))!;
    expect(invoice).toMatchObject({
      placeOfSupply: "29-Karnataka",
      intraState: false,
      taxablePaise: 211_865,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 38_136,
    });
    const text = pdfText((await pdfOf(orderId, "invoice", shopper.token)).rawPayload);
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");
  });

  it("reads the delivery state as people write it, and one it does not know from the pincode", async () => {
    const telangana = await paidOrder(await shopperIn("T.S."), [{ id: at2499, size: "M", quantity: 1 }]);
    expect(await documentOf(telangana, "invoice")).toMatchObject({
      placeOfSupply: "36-Telangana",
      intraState: true,
      cgstPaise: 5_950,
      sgstPaise: 5_950,
    });
    // An order placed before states came from a list kept the state as written: its pincode's state is the
    // place of supply, so every document has one with its code.
    const shopper = await shopperIn("Karnataka");
    const placed = await placedOrder(app, shopper, [{ id: at2499, size: "M", quantity: 1 }]);
    const order = await orderOf(app, placed.orderId);
    await app.services.db
      .update(orders)
      .set({ shippingAddress: { ...order.shippingAddress, state: "Karnatka state" } })
      .where(eq(orders.id, order.id));
    await decide(app, placed.merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await documentOf(placed.orderId, "invoice")).toMatchObject({
      placeOfSupply: "29-Karnataka",
      intraState: false,
      igstPaise: 11_900,
    });
  });

  it("takes the rates and the HSN codes from their tables: a new rate from its day on, a category's own code", async () => {
    await app.services.db.insert(gstApparelRates).values({
      effectiveFrom: "2026-01-01",
      thresholdPaise: 100_000,
      lowRateBp: 1200,
      highRateBp: 2800,
      defaultHsn: "6211",
    });
    await app.services.db.insert(gstCategoryHsn).values({ categoryId: 5, hsn: "6209" });
    try {
      const shopper = await shopperWithAddress(app);
      const orderId = await paidOrder(shopper, [
        { id: kids, size: "M", quantity: 1 },
        { id: at2499, size: "M", quantity: 1 },
      ]);
      const invoice = (await documentOf(orderId, "invoice"))!;
      expect(invoice.lines.map((line) => [line.hsn, line.rateBp])).toEqual([
        ["6209", 1200],
        ["6211", 2800],
      ]);
    } finally {
      await app.services.db.delete(gstApparelRates).where(eq(gstApparelRates.effectiveFrom, "2026-01-01"));
      await app.services.db.delete(gstCategoryHsn);
    }
  });

  it("is not issued for an order that is not paid", async () => {
    const shopper = await shopperWithAddress(app);
    const placed = await placedOrder(app, shopper, [{ id: at2499, size: "M", quantity: 1 }]);
    const response = await pdfOf(placed.orderId, "invoice", shopper.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(GST_MESSAGES.noInvoice);
    expect((await get(`/api/orders/gst-documents?id=${placed.orderId}`, shopper.token)).json().data).toEqual(
      [],
    );
  });
});

describe("an order's documents", () => {
  it("are found through the index of their order, as every listed order's view reads them", async () => {
    const plan = await app.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return selectRows<Record<string, string>>(
        tx,
        sql`explain select order_id from ${gstDocuments} where ${gstDocuments.orderId} in (1, 2, 3)`,
      );
    });
    expect(plan.map((row) => Object.values(row).join(" ")).join("\n")).toContain("gst_documents_order_idx");
  });
});

describe("invoice numbers", () => {
  const sequenceOf = (number: string) => Number(number.split("/")[2]);

  it("are consecutive with no gap: an issue rolled back gives its number back", async () => {
    const shopper = await shopperWithAddress(app);
    const first = await paidOrder(shopper, [{ id: at2499, size: "M", quantity: 1 }]);
    const placed = await placedOrder(app, shopper, [{ id: at2499, size: "M", quantity: 1 }]);
    const { orders, gst } = app.services;
    const order = await orderOf(app, placed.orderId);
    const rolledBack = new Error("rolled back");
    let numberGivenBack = "";
    await expect(
      app.services.db.transaction(async (tx) => {
        const invoice = await gst.issueInvoice(
          tx,
          await orders.lock(tx, order.id),
          await orders.itemsOf(tx, [order.id]),
        );
        numberGivenBack = invoice.number;
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    await decide(app, placed.merchantOrderId, "approve");
    await reconcileNow(app);
    const second = (await documentOf(placed.orderId, "invoice"))!.number;
    expect(second).toBe(numberGivenBack);
    expect(sequenceOf(second)).toBe(sequenceOf((await documentOf(first, "invoice"))!.number) + 1);
  });

  it("start again at 1 in each financial year (April to March, India's time)", async () => {
    const { orders, gst, db } = app.services;
    const issueAt = async (moment: string) => {
      const shopper = await shopperWithAddress(app);
      const placed = await placedOrder(app, shopper, [{ id: at2499, size: "M", quantity: 1 }]);
      const order = await orderOf(app, placed.orderId);
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(moment) });
      try {
        return await db.transaction(async (tx) =>
          gst.issueInvoice(tx, await orders.lock(tx, order.id), await orders.itemsOf(tx, [order.id])),
        );
      } finally {
        vi.useRealTimers();
      }
    };
    expect((await issueAt("2031-03-31T18:29:59Z")).number).toBe("INV/30-31/000001");
    expect((await issueAt("2031-03-31T18:30:00Z")).number).toBe("INV/31-32/000001");
    expect((await issueAt("2031-04-02T10:00:00Z")).number).toBe("INV/31-32/000002");
    const counters = await db
      .select()
      .from(gstDocumentCounters)
      .where(sql`${gstDocumentCounters.financialYear} like '203%'`);
    expect(counters.map((row) => [row.financialYear, row.lastNumber]).sort()).toEqual([
      ["2030-31", 1],
      ["2031-32", 2],
    ]);
  });

  it("are distinct and consecutive for payments confirmed at the same moment", async () => {
    const placed = [];
    for (let index = 0; index < 6; index += 1)
      placed.push(
        await placedOrder(app, await shopperWithAddress(app), [{ id: at2499, size: "M", quantity: 1 }]),
      );
    for (const order of placed) await decide(app, order.merchantOrderId, "approve");
    const paymentIds = await Promise.all(
      placed.map(async (order) => (await paymentOf(app, order.orderId)).id),
    );
    await Promise.all(paymentIds.map((id) => app.services.payments.check(id, "phonepe")));
    const numbers = await Promise.all(
      placed.map(async (order) => (await documentOf(order.orderId, "invoice"))!.number),
    );
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(6);
    expect(sequences.at(-1)! - sequences[0]!).toBe(5);
  });
});

describe("who may download", () => {
  it("the order's shopper and staff; anyone else is told the order is not found", async () => {
    const shopper = await shopperWithAddress(app);
    const orderId = await paidOrder(shopper, [{ id: at2499, size: "M", quantity: 1 }]);
    const invoice = (await documentOf(orderId, "invoice"))!;

    const own = await pdfOf(orderId, "invoice", shopper.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect((await pdfOf(orderId, "invoice", staff.token)).statusCode).toBe(200);

    const other = await createUserAndLogin(app, ROLE.customer);
    const refused = await pdfOf(orderId, "invoice", other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("Order not found.");
    expect((await get(`/api/orders/gst-documents?id=${orderId}`, other.token)).statusCode).toBe(404);
    expect((await pdfOf(orderId, "invoice", "")).statusCode).toBe(401);
    const badKind = await pdfOf(orderId, "receipt", shopper.token);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe(GST_MESSAGES.kind);

    // The OpenAPI document describes the call's answer as a PDF.
    const docs = (await get("/api/docs")).json();
    expect(Object.keys(docs.paths["/orders/gst-document"].get.responses["200"].content)).toEqual([
      "application/pdf",
    ]);

    const listed = await get(`/api/orders/gst-documents?id=${orderId}`, shopper.token);
    expect(listed.json().data).toEqual([
      {
        kind: "invoice",
        number: invoice.number,
        issuedAt: invoice.issuedAt.toISOString(),
        total: 2499,
        tax: 119,
        url: `/api/orders/gst-document?id=${orderId}&kind=invoice`,
      },
    ]);
  });
});

describe("the payment-received mail", () => {
  it("carries the invoice's PDF, drawn when the mail is sent", async () => {
    const shopper = await shopperWithAddress(app);
    const orderId = await paidOrder(shopper, [{ id: at2500, size: "M", quantity: 1 }]);
    const invoice = (await documentOf(orderId, "invoice"))!;
    await sendAllMail();
    const mail = inbox.received.find(
      (received) => received.to.includes(shopper.email) && received.raw.includes("payment received"),
    );
    expect(mail).toBeDefined();
    const fileName = `GST-invoice-${invoice.number.replaceAll("/", "-")}.pdf`;
    expect(mail!.raw).toContain(`Content-Type: application/pdf; name=${fileName}`);
    expect(mail!.raw).toContain(`Content-Disposition: attachment; filename=${fileName}`);
    expect(mail!.raw).toContain(`Your GST tax invoice ${invoice.number} is attached`);
    // base64 of "%PDF-"
    expect(mail!.raw).toContain("JVBERi0");
  });
});

describe("the credit note", () => {
  const cancel = (orderId: string) =>
    post(
      app,
      "/api/orders/update-order-status",
      { orderId, status: "Cancelled", cancelReason: "out-of-stock" },
      bearer(staff.token),
    );

  it("is issued once when staff cancel a paid order, against its invoice, and mailed with the cancellation", async () => {
    const shopper = await shopperWithAddress(app);
    const orderId = await paidOrder(shopper, [
      { id: at250001, size: "M", quantity: 1 },
      { id: at2499, size: "M", quantity: 3 },
    ]);
    expect((await pdfOf(orderId, "credit-note", shopper.token)).json().message).toBe(
      GST_MESSAGES.noCreditNote,
    );
    expect((await cancel(orderId)).statusCode).toBe(200);
    expect((await cancel(orderId)).statusCode).toBe(409);

    const invoice = (await documentOf(orderId, "invoice"))!;
    const note = (await documentOf(orderId, "credit_note"))!;
    expect(note.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(note).toMatchObject({
      invoiceId: invoice.id,
      lines: invoice.lines,
      totalPaise: invoice.totalPaise,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      placeOfSupply: invoice.placeOfSupply,
    });
    const notes = await app.services.db
      .select()
      .from(gstDocuments)
      .where(eq(gstDocuments.orderId, invoice.orderId))
      .orderBy(gstDocuments.id);
    expect(notes.map((row) => row.kind)).toEqual(["invoice", "credit_note"]);

    const response = await pdfOf(orderId, "credit-note", shopper.token);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      "CREDIT NOTE",
      note.number,
      "Against invoice",
      invoice.number,
      "Credited (GST included)",
    ])
      expect(text).toContain(expected);

    await sendAllMail();
    const mail = inbox.received.find(
      (received) => received.to.includes(shopper.email) && received.raw.includes("cancelled"),
    );
    expect(mail!.raw).toContain(`name=GST-credit-note-${note.number.replaceAll("/", "-")}.pdf`);
  });

  it("is not issued when an unpaid order is cancelled", async () => {
    const shopper = await shopperWithAddress(app);
    const placed = await placedOrder(app, shopper, [{ id: at2499, size: "M", quantity: 1 }]);
    expect((await cancel(placed.orderId)).statusCode).toBe(200);
    expect(await documentOf(placed.orderId, "credit_note")).toBeUndefined();
  });
});
