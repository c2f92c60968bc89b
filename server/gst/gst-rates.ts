import { desc, lte } from "drizzle-orm";
import type { Executor } from "../db/client";
import { gstApparelRates } from "./gst.tables";

export type GstRatesRow = typeof gstApparelRates.$inferSelect;

/** The apparel rates in effect on an Indian day ("2026-11-28"): the newest row from that day or before. */
export async function ratesOn(executor: Executor, day: string): Promise<GstRatesRow> {
  const [rates] = await executor
    .select()
    .from(gstApparelRates)
    .where(lte(gstApparelRates.effectiveFrom, day))
    .orderBy(desc(gstApparelRates.effectiveFrom))
    .limit(1);
  if (!rates) throw new Error(`no GST rates are in effect on ${day}`);
  return rates;
}
