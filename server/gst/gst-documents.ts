import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database, Executor, Transaction } from "../db/client";
import { gstCategoryHsn, gstDocumentCounters, gstDocuments, type GstLine, type GstParty } from "./gst.tables";
import { products } from "../catalog/catalog.tables";
import { orders, type orderItems } from "../orders/orders.tables";
import { financialYearOf, indianDateOf, taxSale, totalsOf } from "./gst-tax";
import { ratesOn } from "./gst-rates";
import { GST_STATE_CODES, placeOfSupplyOf, stateCodeOf } from "../../contract/indian-states";
import { stateCodeOfPincode } from "../addresses/pincode-directory";
import { createGstDocumentFiles } from "./gst-document-files";

export type GstDocumentRow = typeof gstDocuments.$inferSelect;
export type GstKind = GstDocumentRow["kind"];
type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

const PREFIX: Record<GstKind, string> = { invoice: "INV", credit_note: "CN" };

/** `INV/26-27/000042`: the series, the financial year, the number (16 characters at most). */
export const documentNumber = (kind: GstKind, financialYear: string, sequence: number) =>
  `${PREFIX[kind]}/${financialYear.slice(2)}/${String(sequence).padStart(6, "0")}`;

/** The next number of a series in a financial year; the counter row stays locked until the caller commits. */
export async function nextSequence(tx: Transaction, series: GstKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(gstDocumentCounters)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [gstDocumentCounters.series, gstDocumentCounters.financialYear],
      set: { lastNumber: sql`${gstDocumentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: gstDocumentCounters.lastNumber });
  return row!.lastNumber;
}

/** A document's kind, number and date: the next of its series in the financial year of `issuedAt`. */
async function numbered(tx: Transaction, kind: GstKind, issuedAt: Date) {
  const financialYear = financialYearOf(issuedAt);
  const sequence = await nextSequence(tx, kind, financialYear);
  return { kind, number: documentNumber(kind, financialYear, sequence), financialYear, sequence, issuedAt };
}

/**
 * A credit note against `invoice`, under its parties and place of supply, numbered in the credit notes' series:
 * the whole invoice reversed (its `lines`), or a return's pieces (`returnId`, return-credit-notes.ts).
 */
export async function insertCreditNote(
  tx: Transaction,
  invoice: GstDocumentRow,
  { lines, returnId, reason }: { lines: GstLine[]; returnId: number | null; reason: string },
): Promise<GstDocumentRow> {
  const [note] = await tx
    .insert(gstDocuments)
    .values({
      ...(await numbered(tx, "credit_note", new Date())),
      orderId: invoice.orderId,
      invoiceId: invoice.id,
      returnId,
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      placeOfSupply: invoice.placeOfSupply,
      intraState: invoice.intraState,
      lines,
      ...totalsOf(lines),
      reason,
    })
    .returning();
  return note!;
}

/**
 * GST tax invoices and credit notes (docs/decisions/025-gst-invoices.md). A document is issued inside the
 * transaction of the change that causes it (the payment that pays an order, the cancellation of a paid
 * order): its number comes from its series' counter row, locked until that transaction ends, and its lines
 * and amounts are written then and never again. Its PDF is drawn from the row, outside any transaction.
 */
export function createGstDocuments({
  db,
  supplier,
}: {
  db: Database;
  /** The supplier as the owner's settings say it now (decision 042), read in the issuing transaction. */
  supplier: (tx: Transaction) => Promise<Config["gst"]>;
}) {
  /** The supplier of a document issued now: a document keeps the one it was issued with. */
  async function supplierNow(tx: Transaction): Promise<GstParty> {
    const now = await supplier(tx);
    const stateCode = now.gstin.slice(0, 2);
    return { ...now, stateCode, state: GST_STATE_CODES[stateCode] ?? stateCode };
  }

  async function findOf(executor: Executor, orderId: number, kind: GstKind) {
    const [document] = await executor
      .select()
      .from(gstDocuments)
      .where(
        and(eq(gstDocuments.orderId, orderId), eq(gstDocuments.kind, kind), isNull(gstDocuments.returnId)),
      );
    return document;
  }

  /**
   * The tax invoice of an order that has just been paid, in the transaction that marks it paid (the order's
   * row locked). Issued once: a second call returns the first invoice.
   */
  async function issueInvoice(
    tx: Transaction,
    order: OrderRow,
    items: OrderItemRow[],
  ): Promise<GstDocumentRow> {
    const existing = await findOf(tx, order.id, "invoice");
    if (existing) return existing;
    const issuedAt = new Date();
    const rates = await ratesOn(tx, indianDateOf(issuedAt));
    // Each product's HSN code (its category's, or the rates' default) and country of origin, as they are now.
    const productRows = await tx
      .select({
        productId: products.id,
        hsn: gstCategoryHsn.hsn,
        countryOfOrigin: products.countryOfOrigin,
      })
      .from(products)
      .leftJoin(gstCategoryHsn, eq(gstCategoryHsn.categoryId, products.categoryId))
      .where(
        inArray(
          products.id,
          items.map((item) => item.productId),
        ),
      );
    const productOf = new Map(productRows.map((row) => [row.productId, row]));
    const address = order.shippingAddress;
    // The state as the list names it; an order placed before addresses had a list takes its pincode's state.
    const deliveryCode = stateCodeOf(address.state) ?? stateCodeOfPincode(address.postalCode);
    const supplierParty = await supplierNow(tx);
    const intraState = deliveryCode === supplierParty.stateCode;
    // A customised piece's price holds its charges: the invoice shows them apart, under one rate.
    const pieces = items.map((item) => {
      const customisationPaise = (item.customization?.options ?? []).reduce(
        (sum, option) => sum + option.chargePaise,
        0,
      );
      return {
        unitPricePaise: item.unitPricePaise - customisationPaise,
        customisationPaise,
        quantity: item.quantity,
      };
    });
    const taxed = taxSale(
      pieces,
      {
        deliveryPaise: order.deliveryPaise,
        codFeePaise: order.codFeePaise,
        prepaidDiscountPaise: order.prepaidDiscountPaise,
      },
      rates,
      intraState,
    );
    const lines: GstLine[] = items.map((item, index) => {
      const options = item.customization?.options ?? [];
      const product = productOf.get(item.productId);
      return {
        description: options.length
          ? `${item.name} (customised: ${options.map((option) => option.name).join(", ")})`
          : item.name,
        size: item.size,
        hsn: product?.hsn ?? rates.defaultHsn,
        ...(product ? { countryOfOrigin: product.countryOfOrigin } : {}),
        ...pieces[index]!,
        ...taxed.pieces[index]!,
      };
    });
    // The delivery charge is a line of its own, with its SAC and its tax (decision 038).
    if (taxed.delivery)
      lines.push({
        description: "Delivery charge",
        size: "",
        hsn: rates.deliverySac,
        unitPricePaise: order.deliveryPaise,
        customisationPaise: 0,
        quantity: 1,
        ...taxed.delivery,
      });
    // So is the fee for paying in cash, a charge of the same supply, with the courier's SAC (decision 048).
    if (taxed.codFee)
      lines.push({
        description: "Cash on Delivery fee",
        size: "",
        hsn: rates.deliverySac,
        unitPricePaise: order.codFeePaise,
        customisationPaise: 0,
        quantity: 1,
        ...taxed.codFee,
      });
    const [invoice] = await tx
      .insert(gstDocuments)
      .values({
        ...(await numbered(tx, "invoice", issuedAt)),
        orderId: order.id,
        supplier: supplierParty,
        recipient: {
          name: address.fullName,
          address: [
            address.address,
            `${address.city}${address.district && address.district !== address.city ? `, ${address.district}` : ""}, ${deliveryCode ? GST_STATE_CODES[deliveryCode] : address.state} ${address.postalCode}`,
            address.country,
          ]
            .filter(Boolean)
            .join("\n"),
          state: deliveryCode ? GST_STATE_CODES[deliveryCode]! : address.state,
          phone: address.phone,
          email: address.email,
        },
        placeOfSupply: deliveryCode ? placeOfSupplyOf(deliveryCode) : address.state,
        intraState,
        lines,
        ...totalsOf(lines),
      })
      .returning();
    return invoice!;
  }

  /**
   * The credit note of a paid order that is cancelled, in the cancelling transaction: the whole invoice
   * reversed, under the invoice's own parties and place of supply. Issued once, and only for an order
   * with an invoice; undefined otherwise.
   */
  async function issueCreditNote(
    tx: Transaction,
    order: OrderRow,
    reason: string,
  ): Promise<GstDocumentRow | undefined> {
    const invoice = await findOf(tx, order.id, "invoice");
    if (!invoice) return undefined;
    const existing = await findOf(tx, order.id, "credit_note");
    if (existing) return existing;
    return insertCreditNote(tx, invoice, { lines: invoice.lines, returnId: null, reason });
  }

  /** An order's invoice or credit note, if it has one. */
  const documentOf = (orderId: number, kind: GstKind) => findOf(db, orderId, kind);

  return { issueInvoice, issueCreditNote, documentOf, ...createGstDocumentFiles({ db }) };
}

export type GstDocuments = ReturnType<typeof createGstDocuments>;
