import { z } from "zod";

/**
 * The `page` and `limit` of a staff list's query (orders, products, low stock), with the same messages:
 * pages from 1 to 100,000, `limit` from 1 to `maxLimit`, `defaultLimit` when not given.
 */
export const pagingFields = ({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) => ({
  page: z.coerce
    .number({ error: "Page must be a number" })
    .int({ error: "Page must be a whole number" })
    .min(1, { error: "Page must be 1 or more" })
    .max(100_000, { error: "Page must be 100000 or less" })
    .default(1),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int({ error: "Limit must be a whole number" })
    .min(1, { error: "Limit must be 1 or more" })
    .max(maxLimit, { error: `Limit must be ${maxLimit} or less` })
    .default(defaultLimit),
});
