import { sql } from "drizzle-orm";
import { selectRows, type Database } from "../db/client";

/** One order as the export gives it: amounts in paise, times as India's date and time. */
export type ExportedOrder = {
  orderId: string;
  placedAt: string;
  paidAt: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  customer: string;
  phone: string;
  email: string;
  city: string;
  state: string;
  postalCode: string;
  pieces: number;
  subtotalPaise: number;
  deliveryPaise: number;
  codFeePaise: number;
  prepaidDiscountPaise: number;
  totalPaise: number;
  invoice: string | null;
  creditNote: string | null;
};

const IST = "'YYYY-MM-DD HH24:MI'";

/**
 * The orders placed in a range of India's days, both included, oldest first, with their pieces and GST
 * document numbers: one query (orders_created_idx), for the accountant's export (issue 38).
 */
export function createOrdersExport({ db }: { db: Database }) {
  async function placedBetween(from: string, to: string): Promise<ExportedOrder[]> {
    const rows = await selectRows<Record<string, string | number | null>>(
      db,
      sql`select o.public_id, to_char(o.created_at at time zone 'Asia/Kolkata', ${sql.raw(IST)}) as placed_at,
                 to_char(o.paid_at at time zone 'Asia/Kolkata', ${sql.raw(IST)}) as paid_at,
                 o.status, o.payment_status, o.payment_method,
                 o.shipping_address->>'fullName' as customer, o.shipping_address->>'phone' as phone,
                 o.shipping_address->>'email' as email, o.shipping_address->>'city' as city,
                 o.shipping_address->>'state' as state, o.shipping_address->>'postalCode' as postal_code,
                 (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)::int as pieces,
                 o.subtotal_paise, o.delivery_paise, o.cod_fee_paise, o.prepaid_discount_paise, o.total_paise,
                 (select g.number from gst_documents g where g.order_id = o.id and g.kind = 'invoice') as invoice,
                 (select g.number from gst_documents g where g.order_id = o.id and g.kind = 'credit_note') as credit_note
          from orders o
          where o.created_at >= (${from}::date)::timestamp at time zone 'Asia/Kolkata'
            and o.created_at < ((${to}::date) + 1)::timestamp at time zone 'Asia/Kolkata'
          order by o.created_at, o.id`,
    );
    const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));
    return rows.map((row) => ({
      orderId: text(row.public_id),
      placedAt: text(row.placed_at),
      paidAt: row.paid_at == null ? null : text(row.paid_at),
      status: text(row.status),
      paymentStatus: text(row.payment_status),
      paymentMethod: text(row.payment_method),
      customer: text(row.customer),
      phone: text(row.phone),
      email: text(row.email),
      city: text(row.city),
      state: text(row.state),
      postalCode: text(row.postal_code),
      pieces: Number(row.pieces),
      subtotalPaise: Number(row.subtotal_paise),
      deliveryPaise: Number(row.delivery_paise),
      codFeePaise: Number(row.cod_fee_paise),
      prepaidDiscountPaise: Number(row.prepaid_discount_paise),
      totalPaise: Number(row.total_paise),
      invoice: row.invoice == null ? null : text(row.invoice),
      creditNote: row.credit_note == null ? null : text(row.credit_note),
    }));
  }
  return { placedBetween };
}

export type OrdersExport = ReturnType<typeof createOrdersExport>;
