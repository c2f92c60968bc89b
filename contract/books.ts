import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";

/**
 * The books for the accountant (issue 38, decision 036): a month's GST summary for the monthly return
 * (GSTR-1: B2C sales by place of supply and rate, the HSN summary, the documents issued) and an export of
 * the orders of a date range. The super admin's only.
 */
export const BOOKS_MESSAGES = {
  month: "Give a month as YYYY-MM, such as 2026-11.",
  date: "Give a date as YYYY-MM-DD.",
  range: "The first day must not be after the last.",
  rangeTooLong: "Export at most 366 days at a time.",
} as const;

export const MAX_EXPORT_DAYS = 366;

const month = z
  .string({ error: BOOKS_MESSAGES.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: BOOKS_MESSAGES.month })
  .refine((value) => Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100, {
    error: BOOKS_MESSAGES.month,
  });

/** GET …?month=2026-11: a month of India's calendar. */
export const booksMonthQuery = z.object({ month });

/** A day of India's calendar, YYYY-MM-DD. */
export const indiaDay = z
  .string({ error: BOOKS_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BOOKS_MESSAGES.date, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && value.slice(0, 2) >= "20", {
    error: BOOKS_MESSAGES.date,
  });

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** GET …?from=2026-11-01&to=2026-11-30: the days of India's calendar, both included. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const bothDates = ({ from, to }: { from: unknown; to: unknown }) =>
  typeof from === "string" && typeof to === "string" && DATE.test(from) && DATE.test(to);

export const booksRangeQuery = z
  .object({ from: indiaDay, to: indiaDay })
  .refine((range) => !bothDates(range) || range.from <= range.to, {
    error: BOOKS_MESSAGES.range,
    path: ["to"],
  })
  .refine((range) => !bothDates(range) || daysBetween(range.from, range.to) < MAX_EXPORT_DAYS, {
    error: BOOKS_MESSAGES.rangeTooLong,
    path: ["to"],
  });

/** Amounts in rupees (decision 001), each the sum of the documents' own amounts in paise. */
const amounts = {
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** Taxable value and tax: what the shoppers paid. */
  total: z.number(),
};

export const gstSummary = z.object({
  month: z.string(),
  /** B2C supplies of the month by place of supply and rate, credit notes of the month taken off. */
  b2c: z.array(z.object({ placeOfSupply: z.string(), rate: z.number(), ...amounts })),
  /** By HSN (or SAC) code and rate, in pieces (UQC NOS), credit notes taken off. */
  hsn: z.array(z.object({ hsn: z.string(), rate: z.number(), quantity: z.number().int(), ...amounts })),
  /** Every invoice and credit note issued in the month, in the order of their numbers. */
  documents: z.array(
    z.object({
      kind: z.enum(["invoice", "credit-note"]),
      number: z.string(),
      /** India's day it was issued. */
      date: z.string(),
      orderId: z.string(),
      /** A credit note's invoice. */
      invoiceNumber: z.string().nullable(),
      placeOfSupply: z.string(),
      ...amounts,
    }),
  ),
  /** Each series' first and last number of the month and how many (GSTR-1, documents issued). */
  series: z.array(
    z.object({
      kind: z.enum(["invoice", "credit-note"]),
      from: z.string(),
      to: z.string(),
      count: z.number().int(),
    }),
  ),
  invoices: z.object({ count: z.number().int(), ...amounts }),
  creditNotes: z.object({ count: z.number().int(), ...amounts }),
  /** Invoices less credit notes: what the B2C and HSN tables add up to. */
  net: z.object(amounts),
});
export type GstSummary = z.infer<typeof gstSummary>;

/** Where the month's summary downloads: CSV or a spreadsheet (plain GETs: the session cookie is enough). */
export const gstSummaryFileUrl = (month: string, format: "csv" | "xlsx") =>
  `/api/admin/books/gst-summary.${format}?month=${encodeURIComponent(month)}`;
export const ordersExportUrl = (from: string, to: string) =>
  `/api/admin/books/orders.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const gstSummaryCall = defineCall({
  method: "GET",
  path: "/admin/books/gst-summary",
  tag: "books",
  description:
    "The super admin's. A month's GST summary, read from the invoices and credit notes issued in it.",
  query: booksMonthQuery,
  output: envelope(gstSummary),
});

export const gstSummaryCsvCall = defineCall({
  method: "GET",
  path: "/admin/books/gst-summary.csv",
  tag: "books",
  description: "The super admin's. The month's GST summary as CSV: its tables one after another.",
  query: booksMonthQuery,
  produces: "text/csv",
  output: z.string().meta({ description: "The CSV file" }),
});

export const gstSummaryXlsxCall = defineCall({
  method: "GET",
  path: "/admin/books/gst-summary.xlsx",
  tag: "books",
  description: "The super admin's. The month's GST summary as a spreadsheet, a sheet for each table.",
  query: booksMonthQuery,
  produces: XLSX_TYPE,
  output: z.string().meta({ format: "binary", description: "The spreadsheet" }),
});

export const ordersExportCall = defineCall({
  method: "GET",
  path: "/admin/books/orders.csv",
  tag: "books",
  description:
    "The super admin's. Every order placed in the days given (India's calendar, both included), as CSV.",
  query: booksRangeQuery,
  produces: "text/csv",
  output: z.string().meta({ description: "The CSV file" }),
});

/** The orders export's columns, in order. */
export const ORDERS_EXPORT_COLUMNS = [
  "Order ID",
  "Placed at",
  "Paid at",
  "Order status",
  "Payment status",
  "Payment method",
  "Customer",
  "Phone",
  "E-mail",
  "City",
  "State",
  "PIN code",
  "Pieces",
  "Subtotal",
  "Delivery",
  "Cash on Delivery fee",
  "Discount for paying online",
  "Total",
  "Invoice",
  "Credit note",
] as const;
