import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { SizeLabel } from "../../contract/catalog";
import { paiseToRupees } from "../../contract/money";
import { LOW_STOCK_AT } from "../../contract/product-editing-rules";
import {
  stockStateOf,
  type StaffProductRow,
  type StaffProductsQuery,
  type StockState,
} from "../../contract/staff-products";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import type { MediaService } from "../media/media.service";
import { mediaAssets } from "../media/media.tables";
import { categories, productImages, products, productSizes } from "./catalog.tables";

/**
 * Each product's stock over its sizes, in one pass over product_sizes: the total, and its lowest size (null
 * for a product without sizes). Joined only for a stock filter or the stock sort. Computed per product in a
 * subquery instead, the low products sorted by stock took 57 ms (p50) on 10,000 products (bench/README.md).
 */
const stockTotals = sql`(select product_id, sum(stock)::int as total, min(stock) as lowest
  from ${productSizes} group by product_id) as stock_totals`;
const totalStock = sql`coalesce(stock_totals.total, 0)`;

/** A stock state by the totals: sold out has no piece; low has pieces and a size with few or none. */
const STOCK_CONDITIONS: Record<StockState, SQL> = {
  "sold-out": sql`${totalStock} = 0`,
  low: sql`${totalStock} > 0 and stock_totals.lowest <= ${LOW_STOCK_AT}`,
  "in-stock": sql`${totalStock} > 0 and stock_totals.lowest > ${LOW_STOCK_AT}`,
};

/** Each sort, with the id as the last tiebreaker so that pages never overlap. */
const ORDERS: Record<StaffProductsQuery["sort"], SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  oldest: [asc(products.createdAt), asc(products.id)],
  name: [sql`lower(${products.name})`, asc(products.id)],
  "price-asc": [asc(products.pricePaise), asc(products.id)],
  "price-desc": [desc(products.pricePaise), desc(products.id)],
  stock: [asc(totalStock), asc(products.id)],
};

/** A search of only a product's number ("42" or "#42"). */
const PRODUCT_NUMBER = /^#?(\d{1,9})$/;

/**
 * The staff's list of every product, hidden ones too (issue 38): one page of a filtered, sorted list with
 * the count of all it holds, then the page's pictures and sizes. Every filter is on the products row or an
 * index of product_sizes, so a page costs a few milliseconds at 10,000 products (bench/README.md, "Staff
 * calls on a large shop").
 */
/** A query of products with their stock totals beside them, when a filter or the sort reads them. */
function withStock<T extends PgSelect>(query: T, byStock: boolean) {
  return byStock ? query.leftJoin(stockTotals, sql`stock_totals.product_id = ${products.id}`) : query;
}

export function createStaffProductList({ db, media }: { db: Database; media: MediaService }) {
  async function list(query: StaffProductsQuery): Promise<{ items: StaffProductRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const number = PRODUCT_NUMBER.exec(query.search)?.[1];
      const byName = sql`${products.name} ilike ${pattern}`;
      conditions.push(number ? sql`(${byName} or ${products.id} = ${Number(number)})` : byName);
    }
    if (query.categoryId !== undefined) conditions.push(eq(products.categoryId, query.categoryId));
    if (query.visibility === "shown") conditions.push(isNull(products.deletedAt));
    if (query.visibility === "hidden") conditions.push(isNotNull(products.deletedAt));
    if (query.stock) conditions.push(STOCK_CONDITIONS[query.stock]);
    const byStock = Boolean(query.stock) || query.sort === "stock";

    // The page and the count apart: a count over the window (count(*) over ()) made PostgreSQL sort every
    // matching product for each page instead of keeping only the page's (bench/README.md).
    const [rows, total] = await Promise.all([
      withStock(
        db
          .select({
            id: products.id,
            name: products.name,
            pricePaise: products.pricePaise,
            categoryId: products.categoryId,
            category: categories.name,
            deletedAt: products.deletedAt,
            createdAt: products.createdAt,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .$dynamic(),
        byStock,
      )
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(...ORDERS[query.sort])
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      count(conditions, Boolean(query.stock)),
    ]);
    if (rows.length === 0) return { items: [], total };

    const ids = rows.map((row) => row.id);
    const [sizes, images] = await Promise.all([
      db
        .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
        .from(productSizes)
        .where(inArray(productSizes.productId, ids))
        .orderBy(productSizes.productId, productSizes.position),
      db
        .select({ productId: productImages.productId, alt: productImages.alt, asset: mediaAssets })
        .from(productImages)
        .innerJoin(mediaAssets, eq(mediaAssets.id, productImages.mediaId))
        .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0))),
    ]);
    const items = rows.map((row): StaffProductRow => {
      const own = sizes.filter((size) => size.productId === row.id);
      const image = images.find((found) => found.productId === row.id);
      return {
        _id: row.id,
        name: row.name,
        categoryId: row.categoryId,
        category: row.category,
        price: paiseToRupees(row.pricePaise),
        picture: image ? media.toPicture(image.asset, image.alt) : null,
        hidden: row.deletedAt !== null,
        createdAt: row.createdAt.toISOString(),
        sizes: own.map((size) => ({ label: size.size as SizeLabel, stock: size.stock })),
        stockState: stockStateOf(own.map((size) => size.stock)),
      };
    });
    return { items, total };
  }

  /** How many products match. */
  async function count(conditions: SQL[], byStock: boolean): Promise<number> {
    const [row] = await withStock(
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .$dynamic(),
      byStock,
    ).where(conditions.length ? and(...conditions) : undefined);
    return row?.total ?? 0;
  }

  return { list };
}
