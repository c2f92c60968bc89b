import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { orderIdQuery } from "./orders";

/**
 * An order's GST documents: its tax invoice (once paid), a credit note once a paid order is cancelled, and one
 * for each return received (decision 051).
 */
export const GST_DOCUMENT_KINDS = ["invoice", "credit-note"] as const;
export type GstDocumentKind = (typeof GST_DOCUMENT_KINDS)[number];

export const GST_MESSAGES = {
  kind: "Choose invoice or credit-note.",
  noInvoice: "This order has no GST invoice: it is issued when the order is paid.",
  noCreditNote: "This order has no credit note: one is issued when a paid order is cancelled.",
} as const;

/**
 * The link that downloads a document's PDF (a plain GET: the session cookie is enough); a return's credit
 * note, one of several, by its `number`.
 */
export const gstDocumentUrl = (orderId: string, kind: GstDocumentKind, number?: string) =>
  `/api/orders/gst-document?id=${encodeURIComponent(orderId)}&kind=${kind}${number ? `&number=${encodeURIComponent(number)}` : ""}`;

export const gstDocumentSummary = z.object({
  kind: z.enum(GST_DOCUMENT_KINDS),
  /** `INV/26-27/000001`, `CN/26-27/000001`. */
  number: z.string(),
  issuedAt: z.string(),
  /** In rupees, GST included, and the GST in it. */
  total: z.number(),
  tax: z.number(),
  /** Where its PDF is downloaded. */
  url: z.string(),
});
export type GstDocumentSummary = z.infer<typeof gstDocumentSummary>;

/** An order's GST documents, for its shopper and for staff ('Order not found.' for anyone else). */
export const gstDocumentsCall = defineCall({
  method: "GET",
  path: "/orders/gst-documents",
  tag: "orders",
  query: orderIdQuery,
  output: envelope(z.array(gstDocumentSummary)),
});

/** A GST tax invoice or credit note as a PDF, for the order's shopper and for staff. */
export const gstDocumentPdfCall = defineCall({
  method: "GET",
  path: "/orders/gst-document",
  tag: "orders",
  description: "An order's GST tax invoice or credit note, as a PDF to download.",
  query: orderIdQuery.extend({
    kind: z.enum(GST_DOCUMENT_KINDS, { error: GST_MESSAGES.kind }),
    /** A return's credit note by its number (`CN/26-27/000002`); without it, the order's own document. */
    number: z.string().max(20).optional(),
  }),
  produces: "application/pdf",
  output: z.string().meta({ format: "binary", description: "The PDF" }),
});
