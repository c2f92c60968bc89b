import type { FastifyInstance } from "fastify";
import { STAFF_ROLES } from "../../contract/accounts-rules";
import {
  GST_MESSAGES,
  gstDocumentPdfCall,
  gstDocumentsCall,
  gstDocumentUrl,
  type GstDocumentKind,
} from "../../contract/gst";
import { paiseToRupees } from "../../contract/money";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { notFound } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import { documentFileName } from "./gst-document-files";
import type { GstDocumentRow, GstDocuments } from "./gst-documents";

type Options = { calls: Calls; orders: OrdersService; gst: GstDocuments; guard: SessionGuard };

const KIND_OF_ROW: Record<GstDocumentRow["kind"], GstDocumentKind> = {
  invoice: "invoice",
  credit_note: "credit-note",
};

/** An order's GST invoice and credit note: listed and downloaded by the order's shopper and by staff. */
export async function gstRoutes(app: FastifyInstance, { calls, orders, gst, guard }: Options) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  const viewerOf = (user: AuthenticatedUser) => ({
    userId: user.userId,
    staff: STAFF_ROLES.includes(user.roleId),
  });

  calls.serve(app, gstDocumentsCall, {
    onRequest: [guard.requireUser],
    handler: async ({ id }, { request }) => {
      const order = await orders.findVisible(id, viewerOf(request.user!));
      const documents = await gst.documentsOf(order.id);
      return {
        code: 200,
        message: "GST documents fetched successfully",
        data: documents.map((document) => ({
          kind: KIND_OF_ROW[document.kind],
          number: document.number,
          issuedAt: document.issuedAt.toISOString(),
          total: paiseToRupees(document.totalPaise),
          tax: paiseToRupees(document.cgstPaise + document.sgstPaise + document.igstPaise),
          url: gstDocumentUrl(
            order.publicId,
            KIND_OF_ROW[document.kind],
            document.returnId === null ? undefined : document.number,
          ),
        })),
      };
    },
  });

  calls.serve(app, gstDocumentPdfCall, {
    onRequest: [guard.requireUser],
    handler: async ({ id, kind, number }, { request, reply }) => {
      const order = await orders.findVisible(id, viewerOf(request.user!));
      const rowKind = kind === "invoice" ? "invoice" : "credit_note";
      const document = number
        ? await gst.documentNumbered(order.id, rowKind, number)
        : await gst.documentOf(order.id, rowKind);
      if (!document) throw notFound(kind === "invoice" ? GST_MESSAGES.noInvoice : GST_MESSAGES.noCreditNote);
      reply.header("content-disposition", `attachment; filename="${documentFileName(document)}"`);
      return gst.pdfOf(document);
    },
  });
}
