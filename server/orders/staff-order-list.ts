import { and, count, desc, eq, ilike, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "../../contract/orders";
import type { OrderWork, StaffListedOrder } from "../../contract/staff-orders";
import { users } from "../accounts/accounts.tables";
import type { Database } from "../db/client";
import { countOrders } from "./order-counts";
import type { OrdersService } from "./orders.service";
import { orderItems, orders, shippingPhoneDigits } from "./orders.tables";

export type StaffOrderListQuery = {
  page: number;
  limit: number;
  status?: OrderStatus | undefined;
  attention?: "refund" | undefined;
  search?: string | undefined;
  work?: OrderWork | undefined;
  paymentMethod?: "COD" | "PhonePe" | undefined;
  paidFrom?: string | undefined;
  paidTo?: string | undefined;
};

/** Characters people put around a phone number's digits: spaces, +, dashes, brackets, dots. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * The digits of a search that looks like (a part of) an Indian phone number, as the stored phones are
 * compared (orders.tables.ts, shippingPhoneDigits): "+91 98480 12345", "0091-98480-12345", "098480 12345"
 * and "98480 12345" all give 9848012345; "+91 98480" gives 98480. Null for anything else, or fewer than 3
 * digits.
 */
export function phoneDigitsOf(search: string): string | null {
  const text = search.trim();
  if (!PHONE_LIKE.test(text)) return null;
  let digits = text.replace(/\D/g, "").replace(/^0+/, "");
  // The country code: written with a + (or 00, dropped above), or in front of a full ten-digit number.
  if (digits.startsWith("91") && (/^(\+|00)\s*9\s*1/.test(text) || digits.length > 10))
    digits = digits.slice(2);
  return digits.length >= 3 ? digits : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** A whole e-mail address as staff type or paste one: something@somewhere.tld. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Staff's Received Orders (decision 040): newest first; of one status, of the work left on paid orders
 * (tailoring, to ship), with a refund waiting for staff, or paid on some of India's days; found by order id, shipping name, e-mail (or the
 * account's e-mail) or phone. Each search uses an index: the public id's, or the trigram indexes of the
 * shipping name, e-mail and phone digits.
 */
export function createStaffOrderList({ db, orders: ordersService }: { db: Database; orders: OrdersService }) {
  async function searchCondition(search: string): Promise<SQL> {
    const text = search.trim();
    const found: SQL[] = [];
    const id = text.replace(/^#/, "").replace(/\s+/g, "").toUpperCase();
    if (/^[A-Z0-9]+$/.test(id)) found.push(eq(orders.publicId, id));
    const digits = phoneDigitsOf(text);
    if (digits) found.push(sql`${shippingPhoneDigits(orders.shippingAddress)} like ${likePattern(digits)}`);
    else if (WHOLE_EMAIL.test(text)) {
      // No name has an @. The orders sent to that address, or to one that starts with it (typed in part), by
      // the index of the lower-cased e-mails (orders_ship_email_lower_idx).
      found.push(
        sql`lower(${orders.shippingAddress}->>'email') like ${`${escapeLike(text.toLowerCase())}%`}`,
      );
    } else {
      found.push(ilike(sql`${orders.shippingAddress}->>'fullName'`, likePattern(text)));
      // An e-mail, or a part of one, has an @ or a dot; a plain word is a name. Looking for a common name in
      // the e-mails too made PostgreSQL read every order instead of the name's index (bench/README.md).
      if (/[@.]/.test(text)) found.push(ilike(sql`${orders.shippingAddress}->>'email'`, likePattern(text)));
    }
    if (!digits && text.includes("@")) {
      // The account's own e-mail, if it has changed since the order was placed.
      const [account] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, text.toLowerCase()));
      if (account) found.push(eq(orders.userId, account.id));
    }
    return or(...found)!;
  }

  const tailoringPending = sql`exists (select 1 from ${orderItems} i
    where i.order_id = ${orders.id} and i.customization is not null and i.tailoring_done_at is null)`;

  async function list(query: StaffOrderListQuery): Promise<{ orders: StaffListedOrder[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(orders.status, query.status));
    // Orders with a refund that failed and waits for staff (orders_refund_attention_idx).
    if (query.attention) conditions.push(isNotNull(orders.refundAttentionSince));
    if (query.paymentMethod) conditions.push(eq(orders.paymentMethod, query.paymentMethod));
    if (query.work) {
      conditions.push(eq(orders.status, "Processing"));
      conditions.push(query.work === "tailoring" ? tailoringPending : sql`not ${tailoringPending}`);
    }
    if (query.paidFrom || query.paidTo) {
      // The dashboard's sales: paid on those days and not cancelled (a cancelled paid order is refunded).
      conditions.push(ne(orders.status, "Cancelled"), sql`${orders.paidAt} is not null`);
      if (query.paidFrom)
        conditions.push(
          sql`${orders.paidAt} >= (${query.paidFrom}::date)::timestamp at time zone 'Asia/Kolkata'`,
        );
      if (query.paidTo)
        conditions.push(
          sql`${orders.paidAt} < ((${query.paidTo}::date) + 1)::timestamp at time zone 'Asia/Kolkata'`,
        );
    }
    if (query.search) conditions.push(await searchCondition(query.search));
    const where = conditions.length ? and(...conditions) : undefined;
    // Of one status or of all, the total is kept by the database; anything else counts its matches.
    const kept =
      !query.search &&
      !query.attention &&
      !query.work &&
      !query.paymentMethod &&
      !query.paidFrom &&
      !query.paidTo;
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      kept
        ? countOrders(db, query.status)
        : db
            .select({ total: count() })
            .from(orders)
            .where(where)
            .then(([counted]) => counted?.total ?? 0),
    ]);
    const views = await ordersService.views(rows);
    return {
      orders: rows.map((row, index) => ({
        ...views[index]!,
        refundNeedsAttention: row.refundAttentionSince !== null,
      })),
      total,
    };
  }

  return { list };
}

export type StaffOrderList = ReturnType<typeof createStaffOrderList>;
