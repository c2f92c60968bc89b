import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { ratesOn } from "./gst-rates";
import { gstIncludedIn, indianDateOf, type SaleCharges, type TaxLineInput } from "./gst-tax";
import { gstDocuments } from "./gst.tables";

/**
 * A sale as its price is made: its lines of pieces (each piece's price with its charges), its delivery charge,
 * the fee for paying in cash and the discount for paying online (each 0 when there is none).
 */
export type Sale = { pieces: readonly TaxLineInput[] } & SaleCharges;

/**
 * The GST a price includes, for the breakdown shown before and after paying ("includes GST of ₹X", decision
 * 049), worked out by the tax invoice's own arithmetic (gst-tax.ts's taxSale) from the rates' table: never a
 * second calculation. A sale not invoiced yet (the bag, an order awaiting payment) at the rates in effect
 * today; an invoiced order as its invoice says.
 */
export function createGstIncluded({ db }: { db: Database }) {
  /** The GST in each sale's price at the rates in effect on `at`'s day in India. */
  async function ofSales(sales: readonly Sale[], at = new Date()): Promise<number[]> {
    if (sales.length === 0) return [];
    const rates = await ratesOn(db, indianDateOf(at));
    return sales.map((sale) => gstIncludedIn(sale.pieces, sale, rates));
  }

  /** Each order's GST: its invoice's tax once it has one, else what its price includes at today's rates. */
  async function ofOrders(orders: readonly (Sale & { orderId: number })[]): Promise<number[]> {
    if (orders.length === 0) return [];
    const invoices = await db
      .select({
        orderId: gstDocuments.orderId,
        cgstPaise: gstDocuments.cgstPaise,
        sgstPaise: gstDocuments.sgstPaise,
        igstPaise: gstDocuments.igstPaise,
      })
      .from(gstDocuments)
      .where(
        and(
          eq(gstDocuments.kind, "invoice"),
          inArray(
            gstDocuments.orderId,
            orders.map((order) => order.orderId),
          ),
        ),
      );
    const invoiced = new Map(
      invoices.map((invoice) => [invoice.orderId, invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise]),
    );
    const open = orders.filter((order) => !invoiced.has(order.orderId));
    const estimated = await ofSales(open);
    return orders.map((order) => invoiced.get(order.orderId) ?? estimated[open.indexOf(order)]!);
  }

  return { ofSales, ofOrders };
}

export type GstIncluded = ReturnType<typeof createGstIncluded>;
