import type { FastifyInstance } from "fastify";
import {
  gstSummaryCall,
  gstSummaryCsvCall,
  gstSummaryXlsxCall,
  ordersExportCall,
} from "../../contract/books";
import { paiseToRupees } from "../../contract/money";
import type { SessionGuard } from "../accounts/session-guard";
import type { Config } from "../config";
import type { GstSummaryPaise, GstSummaryService, PaiseAmounts } from "../gst/gst-summary";
import type { Calls } from "../lib/calls";
import type { OrdersExport } from "../orders/orders-export";
import { gstSummaryCsv, gstSummaryXlsx } from "./gst-summary-files";
import { ordersCsv } from "./orders-csv";

type Options = {
  calls: Calls;
  gstSummary: GstSummaryService;
  ordersExport: OrdersExport;
  /** The supplier as the owner's settings say it now (decision 042). */
  supplier: () => Promise<Config["gst"]>;
  guard: SessionGuard;
};

const rupees = ({ taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise }: PaiseAmounts) => ({
  taxableValue: paiseToRupees(taxablePaise),
  cgst: paiseToRupees(cgstPaise),
  sgst: paiseToRupees(sgstPaise),
  igst: paiseToRupees(igstPaise),
  total: paiseToRupees(totalPaise),
});

/** The summary as the API answers it: rupees (decision 001) from the sums in paise. */
function inRupees(summary: GstSummaryPaise) {
  return {
    month: summary.month,
    b2c: summary.b2c.map((row) => ({
      placeOfSupply: row.placeOfSupply,
      rate: row.rateBp / 100,
      ...rupees(row),
    })),
    hsn: summary.hsn.map((row) => ({
      hsn: row.hsn,
      rate: row.rateBp / 100,
      quantity: row.quantity,
      ...rupees(row),
    })),
    documents: summary.documents.map(
      ({ kind, number, date, orderId, invoiceNumber, placeOfSupply, ...row }) => ({
        kind,
        number,
        date,
        orderId,
        invoiceNumber,
        placeOfSupply,
        ...rupees(row),
      }),
    ),
    series: summary.series,
    invoices: { count: summary.invoices.count, ...rupees(summary.invoices) },
    creditNotes: { count: summary.creditNotes.count, ...rupees(summary.creditNotes) },
    net: rupees(summary.net),
  };
}

/**
 * The books for the accountant (decision 036): the month's GST summary, as JSON for the page and as CSV and
 * .xlsx files, and the orders of a range of days as CSV. The super admin's only.
 */
export async function booksRoutes(
  app: FastifyInstance,
  { calls, gstSummary, ordersExport, supplier, guard }: Options,
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  const onRequest = [guard.requireSuperAdmin];
  const attachment = (name: string) => `attachment; filename="${name}"`;

  calls.serve(app, gstSummaryCall, {
    onRequest,
    handler: async ({ month }) => ({
      code: 200,
      message: "GST summary fetched successfully",
      data: inRupees(await gstSummary.month(month)),
    }),
  });

  calls.serve(app, gstSummaryCsvCall, {
    onRequest,
    handler: async ({ month }, { reply }) => {
      reply.header("content-disposition", attachment(`GST-summary-${month}.csv`));
      return Buffer.from(gstSummaryCsv(await gstSummary.month(month), await supplier()));
    },
  });

  calls.serve(app, gstSummaryXlsxCall, {
    onRequest,
    handler: async ({ month }, { reply }) => {
      reply.header("content-disposition", attachment(`GST-summary-${month}.xlsx`));
      return gstSummaryXlsx(await gstSummary.month(month), await supplier());
    },
  });

  calls.serve(app, ordersExportCall, {
    onRequest,
    handler: async ({ from, to }, { reply }) => {
      reply.header("content-disposition", attachment(`orders-${from}-to-${to}.csv`));
      return Buffer.from(ordersCsv(await ordersExport.placedBetween(from, to)));
    },
  });
}
