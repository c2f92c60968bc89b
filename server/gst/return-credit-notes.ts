import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "../db/client";
import type { OrderItemRow, OrderRow } from "../orders/orders.tables";
import { insertCreditNote, type GstDocumentRow } from "./gst-documents";
import { taxAtRate } from "./gst-tax";
import { gstDocuments, type GstLine } from "./gst.tables";

/** a × b / c rounded half up, for non-negative integers. */
const scaled = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/**
 * The credit note of a return (decision 051), issued in the transaction that receives the returned pieces,
 * under its invoice's parties and place of supply: the invoice's line of the returned item for the quantity
 * returned (its total after its share of any discount, in proportion, taxed at the line's rate); with the
 * invoice's charge lines (delivery, the fee for cash) too when it takes back the last pieces of the order.
 * Issued once per return; undefined for an order without an invoice.
 */
export async function issueReturnCreditNote(
  tx: Transaction,
  {
    order,
    items,
    returnId,
    item,
    quantity,
    lastPieces,
    reason,
  }: {
    order: OrderRow;
    /** The order's lines in the invoice's order (by id): the invoice's piece lines are theirs, one each. */
    items: readonly OrderItemRow[];
    returnId: number;
    item: OrderItemRow;
    quantity: number;
    lastPieces: boolean;
    reason: string;
  },
): Promise<GstDocumentRow | undefined> {
  const [existing] = await tx.select().from(gstDocuments).where(eq(gstDocuments.returnId, returnId));
  if (existing) return existing;
  const [invoice] = await tx
    .select()
    .from(gstDocuments)
    .where(
      and(
        eq(gstDocuments.orderId, order.id),
        eq(gstDocuments.kind, "invoice"),
        isNull(gstDocuments.returnId),
      ),
    );
  if (!invoice) return undefined;
  const index = items.findIndex((line) => line.id === item.id);
  const invoiced = invoice.lines[index]!;
  const share = (paise: number) => scaled(paise, quantity, invoiced.quantity);
  const lines: GstLine[] = [
    {
      ...invoiced,
      quantity,
      ...(invoiced.discountPaise ? { discountPaise: share(invoiced.discountPaise) } : {}),
      ...taxAtRate(share(invoiced.totalPaise), invoiced.rateBp, invoice.intraState),
    },
    // The charges are the lines after the pieces'.
    ...(lastPieces ? invoice.lines.slice(items.length) : []),
  ];
  return insertCreditNote(tx, invoice, { lines, returnId, reason });
}
