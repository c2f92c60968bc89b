import { sql } from "drizzle-orm";
import { paiseToRupees } from "../../contract/money";
import { LOW_STOCK_AT } from "../../contract/product-editing-rules";
import { LOW_STOCK_PAGE_SIZE, type Dashboard, type LowStockLine } from "../../contract/staff-orders";
import { selectRows, type Database } from "../db/client";
import { countOrders } from "./order-counts";

const BEST_SELLERS = 5;
const BEST_SELLER_DAYS = 30;
const ATTENTION_ROWS = 10;

type BestSellerRow = { product_id: number; name: string; quantity: number };

/**
 * The staff dashboard's numbers, each computed by one SQL query on indexed columns: orders to ship (the
 * kept count of Processing orders, order-counts.ts), paid sales of today and of this week in India's days (orders_paid_at_idx;
 * a paid order that was cancelled, hence refunded, does not count), the best sellers of the last 30 days
 * (covering indexes orders_paid_at_idx and order_items_order_id_idx; at most a minute old) and the sizes
 * low in stock (product_sizes_low_stock_idx), a page at a time, with their count, and the orders whose refund
 * failed and waits for staff.
 */
export function createDashboard({
  db,
  returnsByMonth,
  whatsappThisMonth,
  bestSellersTtlMs = 60_000,
}: {
  db: Database;
  /** This month's WhatsApp messages and their estimated cost (messaging/message-views.ts, decision 053). */
  whatsappThisMonth: () => Promise<Dashboard["whatsapp"]>;
  /** The courier's parcels delivered and returned by month (shipping/courier-parcels.ts). */
  returnsByMonth: () => Promise<Dashboard["returnsByMonth"]>;
  bestSellersTtlMs?: number;
}) {
  // The 30-day ranking sums every line of a month of orders (about 15,000 at 100,000 orders a year) and
  // moves slowly: it is computed at most once a minute per process; the other numbers on every call.
  let bestSellers: { at: number; rows: Promise<BestSellerRow[]> } | null = null;
  const bestSellersNow = () => {
    if (!bestSellers || Date.now() - bestSellers.at >= bestSellersTtlMs) {
      const rows = queryBestSellers();
      bestSellers = { at: Date.now(), rows };
      rows.catch(() => {
        bestSellers = null;
      });
    }
    return bestSellers.rows;
  };

  const queryBestSellers = () =>
    selectRows<BestSellerRow>(
      db,
      // Summed from the two covering indexes, the names joined to the five winners only.
      sql`select b.product_id, p.name, b.quantity
            from (
              select i.product_id, sum(i.quantity)::int as quantity
              from orders o
              join order_items i on i.order_id = o.id
              where o.paid_at >= now() - make_interval(days => ${BEST_SELLER_DAYS})
                and o.paid_at is not null and o.status <> 'Cancelled'
              group by i.product_id
              order by quantity desc, i.product_id
              limit ${BEST_SELLERS}
            ) b
            join products p on p.id = b.product_id
            order by b.quantity desc, b.product_id`,
    );

  /** Sizes of shown products low in stock, fewest pieces first (product_sizes_low_stock_idx). */
  const lowStockRows = (limit: number, offset: number) =>
    selectRows<{ product_id: number; name: string; size: string; stock: number }>(
      db,
      sql`select s.product_id, p.name, s.size, s.stock
          from product_sizes s
          join products p on p.id = s.product_id and p.deleted_at is null
          where s.stock <= ${LOW_STOCK_AT}
          order by s.stock, s.product_id, s.position
          limit ${limit} offset ${offset}`,
    ).then((rows) =>
      rows.map((row) => ({
        productId: row.product_id,
        name: row.name,
        size: row.size,
        stock: Number(row.stock),
      })),
    );

  const lowStockTotal = () =>
    selectRows<{ total: number }>(
      db,
      sql`select count(*)::int as total
          from product_sizes s
          join products p on p.id = s.product_id and p.deleted_at is null
          where s.stock <= ${LOW_STOCK_AT}`,
    ).then(([row]) => Number(row?.total ?? 0));

  /** A page of the sizes low in stock, and how many there are. */
  async function lowStock(page: number, limit: number): Promise<{ lines: LowStockLine[]; total: number }> {
    const [lines, total] = await Promise.all([lowStockRows(limit, (page - 1) * limit), lowStockTotal()]);
    return { lines, total };
  }

  /** Orders with a failed refund waiting for staff (orders_refund_attention_idx), the oldest first. */
  const refundsNeedingAttention = () =>
    selectRows<{
      public_id: string;
      full_name: string;
      amount_paise: number;
      failure_reason: string | null;
      since: Date | string;
      total: number;
    }>(
      db,
      sql`select o.public_id, o.shipping_address->>'fullName' as full_name, r.amount_paise, r.failure_reason,
                 o.refund_attention_since as since, count(*) over ()::int as total
          from orders o
          cross join lateral (
            select r.amount_paise, r.failure_reason from refunds r join payments p on p.id = r.payment_id
            where p.order_id = o.id and r.state = 'FAILED' and r.resolved_at is null
            order by r.id limit 1
          ) r
          where o.refund_attention_since is not null
          order by o.refund_attention_since, o.id
          limit ${ATTENTION_ROWS}`,
    );

  async function numbers(): Promise<Dashboard> {
    const [toShip, sales, best, low, attention, returns, whatsapp] = await Promise.all([
      countOrders(db, "Processing"),
      selectRows<{ today: string | number; week: string | number; day: string; week_from: string }>(
        db,
        sql`with bounds as (
              select date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata' as day,
                     date_trunc('week', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata' as week
            )
            select coalesce(sum(o.total_paise) filter (where o.paid_at >= b.day), 0)::bigint as today,
                   coalesce(sum(o.total_paise), 0)::bigint as week,
                   to_char(b.day at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day,
                   to_char(b.week at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as week_from
            from bounds b
            left join orders o
              on o.paid_at >= least(b.day, b.week) and o.paid_at is not null and o.status <> 'Cancelled'
            group by b.day, b.week`,
      ),
      bestSellersNow(),
      lowStock(1, LOW_STOCK_PAGE_SIZE),
      refundsNeedingAttention(),
      returnsByMonth(),
      whatsappThisMonth(),
    ]);
    return {
      toShip,
      salesToday: paiseToRupees(Number(sales[0]?.today ?? 0)),
      salesThisWeek: paiseToRupees(Number(sales[0]?.week ?? 0)),
      today: sales[0]!.day,
      weekFrom: sales[0]!.week_from,
      bestSellers: best.map((row) => ({
        productId: row.product_id,
        name: row.name,
        quantity: Number(row.quantity),
      })),
      lowStock: low.lines,
      lowStockTotal: low.total,
      returnsByMonth: returns,
      whatsapp,
      refundsNeedingAttention: {
        total: Number(attention[0]?.total ?? 0),
        orders: attention.map((row) => ({
          orderId: row.public_id,
          fullName: row.full_name,
          amount: paiseToRupees(Number(row.amount_paise)),
          failureReason: row.failure_reason ?? "",
          since: new Date(row.since).toISOString(),
        })),
      },
    };
  }
  return { numbers, lowStock };
}

export type DashboardService = ReturnType<typeof createDashboard>;
