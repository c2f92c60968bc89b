import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../db/client";
import { products } from "./catalog.tables";

/** A product's rating (the approved reviews' mean, to one decimal) and how many reviews make it. */
export type RatingSummary = { rating: number; count: number };

/**
 * The catalog's rating and review count of a product, which the listings and the product page show: set
 * by the reviews room, in its transaction. The product row is locked first, so that two moderations of one
 * product's reviews take their turns and `summarise` reads the reviews as they stand.
 */
export async function setRating(
  tx: Transaction,
  productId: number,
  summarise: (tx: Transaction) => Promise<RatingSummary>,
) {
  await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
  const { rating, count } = await summarise(tx);
  await tx.update(products).set({ rating, reviewCount: count }).where(eq(products.id, productId));
}
