import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "../orders/orders.tables";
import type { GstDocumentRow, GstKind } from "./gst-documents";
import { renderGstDocument } from "./gst-pdf";
import { gstDocuments } from "./gst.tables";

/** The PDF's file name: the number without its slashes. */
export const documentFileName = (document: Pick<GstDocumentRow, "kind" | "number">) =>
  `${document.kind === "invoice" ? "GST-invoice" : "GST-credit-note"}-${document.number.replaceAll("/", "-")}.pdf`;

/**
 * The issued documents read back (gst-documents.ts issues them): an order's list, one by its number (a
 * return's credit note), its PDF drawn from the row outside any transaction, and a mail's attachment.
 */
export function createGstDocumentFiles({ db }: { db: Database }) {
  /** An order's documents, invoice first. */
  async function documentsOf(orderId: number): Promise<GstDocumentRow[]> {
    return db.select().from(gstDocuments).where(eq(gstDocuments.orderId, orderId)).orderBy(gstDocuments.id);
  }

  /** A document's PDF, with the number of the invoice a credit note reverses. */
  async function pdfOf(document: GstDocumentRow): Promise<Buffer> {
    const [order] = await db
      .select({ publicId: orders.publicId })
      .from(orders)
      .where(eq(orders.id, document.orderId));
    const invoice = document.invoiceId
      ? (await db.select().from(gstDocuments).where(eq(gstDocuments.id, document.invoiceId)))[0]
      : undefined;
    return renderGstDocument({ ...document, orderPublicId: order!.publicId }, invoice);
  }

  /** A document as a mail attachment (the mail worker calls this when it sends, outside any transaction). */
  async function attachment(id: number) {
    const [document] = await db.select().from(gstDocuments).where(eq(gstDocuments.id, id));
    if (!document) throw new Error(`GST document ${id} does not exist`);
    return {
      filename: documentFileName(document),
      content: await pdfOf(document),
      contentType: "application/pdf",
    };
  }

  /** One of an order's documents by its number (a return's credit note), if it is the order's. */
  async function documentNumbered(orderId: number, kind: GstKind, number: string) {
    const [document] = await db
      .select()
      .from(gstDocuments)
      .where(
        and(eq(gstDocuments.orderId, orderId), eq(gstDocuments.kind, kind), eq(gstDocuments.number, number)),
      );
    return document;
  }

  return { documentsOf, documentNumbered, pdfOf, attachment };
}
