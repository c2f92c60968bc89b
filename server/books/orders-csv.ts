import { ORDERS_EXPORT_COLUMNS } from "../../contract/books";
import type { ExportedOrder } from "../orders/orders-export";
import { Amount, csvFile, csvLine } from "./csv";

/** The orders export as CSV, one order a line under ORDERS_EXPORT_COLUMNS; amounts in rupees. */
export function ordersCsv(orders: readonly ExportedOrder[]): string {
  return csvFile([
    csvLine(ORDERS_EXPORT_COLUMNS),
    ...orders.map((order) =>
      csvLine([
        order.orderId,
        order.placedAt,
        order.paidAt,
        order.status,
        order.paymentStatus,
        order.paymentMethod,
        order.customer,
        order.phone,
        order.email,
        order.city,
        order.state,
        order.postalCode,
        order.pieces,
        new Amount(order.subtotalPaise),
        new Amount(order.deliveryPaise),
        new Amount(order.codFeePaise),
        new Amount(order.prepaidDiscountPaise),
        new Amount(order.totalPaise),
        order.invoice,
        order.creditNote,
      ]),
    ),
  ]);
}
