import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { categories } from "../catalog/catalog.tables";
import { orders } from "../orders/orders.tables";
import { orderReturns } from "../returns/returns.tables";

/**
 * Apparel's GST rates from a date on (India's day): a piece priced up to `thresholdPaise` (tax included) at
 * `lowRateBp`, above it at `highRateBp`, in basis points. A document takes the row in effect on its day;
 * migration 0011 seeds the rates of 22 September 2025 (5 % up to ₹2,500, 18 % above).
 */
export const gstApparelRates = pgTable("gst_apparel_rates", {
  effectiveFrom: date("effective_from").primaryKey(),
  thresholdPaise: integer("threshold_paise").notNull(),
  lowRateBp: integer("low_rate_bp").notNull(),
  highRateBp: integer("high_rate_bp").notNull(),
  /** The HSN code of a category without a row in gst_category_hsn. */
  defaultHsn: text("default_hsn").notNull(),
  /**
   * The SAC of the delivery charge's line (9965, goods transport services); the line is taxed at the highest
   * rate of the order's pieces, as part of one composite supply (decision 038).
   */
  deliverySac: text("delivery_sac").notNull().default("9965"),
});

/** A category's HSN code, where it is not the rates' default. */
export const gstCategoryHsn = pgTable("gst_category_hsn", {
  categoryId: integer("category_id")
    .primaryKey()
    .references(() => categories.id),
  hsn: text("hsn").notNull(),
});

/**
 * The last number given in each series (`invoice`, `credit_note`) and financial year. Taken by an upsert in
 * the transaction that issues the document, which locks the row until it commits: numbers are consecutive
 * and a rolled-back issue gives its number back.
 */
export const gstDocumentCounters = pgTable(
  "gst_document_counters",
  {
    series: text("series", { enum: ["invoice", "credit_note"] }).notNull(),
    financialYear: text("financial_year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear] })],
);

/** The supplier on a document, as the settings said when it was issued. */
export type GstParty = {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  state: string;
};
/** The recipient: the order's delivery address. */
export type GstRecipient = { name: string; address: string; state: string; phone: string; email: string };
/** One line of a document, worked out when it was issued (gst-tax.ts). */
export type GstLine = {
  description: string;
  size: string;
  hsn: string;
  /** Where the piece was made, as its product said when the invoice was issued (none on the delivery line, nor on invoices issued before products had one). */
  countryOfOrigin?: string;
  quantity: number;
  unitPricePaise: number;
  customisationPaise: number;
  /** Taken off the line for paying online (decision 048): its taxable value is after it. Absent or 0 for none. */
  discountPaise?: number;
  totalPaise: number;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * A tax invoice (one per paid order, issued with the payment) or a credit note (one per paid order
 * cancelled, referencing its invoice). Everything printed is kept here as it was at issue, so a document
 * never changes; its PDF is drawn from this row.
 */
export const gstDocuments = pgTable(
  "gst_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["invoice", "credit_note"] }).notNull(),
    /** `INV/26-27/000001`, `CN/26-27/000001` (at most 16 characters, as GST rules ask). */
    number: text("number").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** A credit note's invoice. */
    invoiceId: integer("invoice_id").references((): AnyPgColumn => gstDocuments.id),
    /** A credit note of a return (decision 051): the returned pieces only. Null for an order's whole one. */
    returnId: integer("return_id")
      .unique()
      .references(() => orderReturns.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    supplier: jsonb("supplier").$type<GstParty>().notNull(),
    recipient: jsonb("recipient").$type<GstRecipient>().notNull(),
    /** The delivery state with its GST code ("36-Telangana"), or as the address gives it. */
    placeOfSupply: text("place_of_supply").notNull(),
    /** CGST + SGST (the delivery state is the store's), else IGST. */
    intraState: boolean("intra_state").notNull(),
    lines: jsonb("lines").$type<GstLine[]>().notNull(),
    totalPaise: integer("total_paise").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    reason: text("reason"),
  },
  (table) => [
    // One invoice an order, and one credit note of the whole of it; a return's credit notes besides.
    uniqueIndex("gst_documents_order_kind_idx")
      .on(table.orderId, table.kind)
      .where(sql`${table.returnId} is null`),
    // An order's documents, found by the order (its views, its invoice, its credit notes): the unique index
    // above leaves a return's credit notes out, so the planner cannot use it for "the documents of an order".
    index("gst_documents_order_idx").on(table.orderId),
    uniqueIndex("gst_documents_series_idx").on(table.kind, table.financialYear, table.sequence),
    // The accountant's month (gst/gst-summary.ts) reads the documents issued in it.
    index("gst_documents_issued_at_idx").on(table.issuedAt),
    check(
      "gst_documents_amounts_add_up",
      sql`${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`,
    ),
  ],
);
