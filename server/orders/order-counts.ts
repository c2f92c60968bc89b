import { eq, sql } from "drizzle-orm";
import type { OrderStatus } from "../../contract/orders";
import type { Executor } from "../db/client";
import { orderCounts } from "./orders.tables";

/**
 * How many orders there are, of one status or of any, read from the counts the database keeps exact
 * (orders.tables.ts, `orderCounts`): a sum of at most 16 rows a status, however many orders there are.
 */
export async function countOrders(executor: Executor, status?: OrderStatus): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`coalesce(sum(${orderCounts.orders}), 0)::int` })
    .from(orderCounts)
    .where(status ? eq(orderCounts.status, status) : undefined);
  return row?.total ?? 0;
}
