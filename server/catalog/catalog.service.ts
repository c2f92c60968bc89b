import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type {
  Category,
  ProductDetail,
  ProductListQuery,
  ProductSummary,
  SizeLabel,
} from "../../contract/catalog";
import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import { ORDER_MESSAGES } from "../../contract/orders";
import { selectRows, type Database, type Transaction } from "../db/client";
import { createComputedCache } from "../lib/computed-cache";
import { badRequest, notFound, OutOfStock } from "../lib/errors";
import type { MediaService } from "../media/media.service";
import { mediaAssets } from "../media/media.tables";
import type { CatalogChange, NotifyRestocked } from "./catalog-changes";
import type { CatalogPeers } from "./catalog-peers";
import {
  categories,
  productImages,
  products,
  productSizes,
  searchWords,
  type OfferedCustomization,
} from "./catalog.tables";
import { createProductEditing } from "./product-editing";
import { createSizeCharts, defaultSizeChart } from "./size-charts";
import { createStaffProductList } from "./staff-product-list";

/**
 * `onCatalogChanged` runs after every change a shopper can see, saying what it touches (catalog-changes.ts),
 * so that the answers and pages cached from before that show it are dropped, and only those. The store's
 * other processes (`peers`, a cluster's workers) are told of each change made here, and `changedElsewhere`
 * forgets what one of them made.
 */
export function createCatalogService({
  db,
  media,
  onCatalogChanged,
  peers,
  notifyRestocked,
}: {
  db: Database;
  media: MediaService;
  onCatalogChanged: (change: CatalogChange) => void;
  /** Told of each change made in this process, for the store's other processes (catalog-peers.ts). */
  peers?: Pick<CatalogPeers, "tell">;
  /** In the transaction of a change that may have put sizes back in stock: back-in-stock alerts. */
  notifyRestocked: NotifyRestocked;
}) {
  // Listings' ids for the answers' 30 s (and their 5 minutes while refreshed): at most a million ids (8 bytes
  // each, 8 MB) in at most 5,000 listings (searches for random words make many small ones).
  const listings = createComputedCache<number[]>({
    max: 5000,
    maxSize: 1_000_000,
    sizeCalculation: (ids) => Math.max(1, ids.length),
    freshMs: 30_000,
    staleMs: 300_000,
  });
  /**
   * Tells what this process kept of the catalog (here the listings' ids, through onCatalogChanged the rest) what
   * changed: a change made here (`announce`), or one another process of the store made (`changedElsewhere`, not
   * told on: that process told the others).
   */
  function forget(change: CatalogChange) {
    if ("categories" in change || change.listings === "membership") listings.clear();
    onCatalogChanged(change);
  }

  /** A change made here: forgotten here, and told to the store's other processes. */
  function announce(change: CatalogChange) {
    forget(change);
    peers?.tell(change);
  }

  /** Forgets everything kept of the catalog (after the demo seed loaded it in its own transaction). */
  function forgetCachedAnswers() {
    announce({ categories: true });
  }
  const editing = createProductEditing({ db, media, announce, notifyRestocked });

  async function listCategories(): Promise<Category[]> {
    const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
    const assets = await media.findMany(rows.flatMap((row) => (row.imageId ? [row.imageId] : [])));
    return rows.map((row) => {
      const asset = row.imageId ? assets.get(row.imageId) : undefined;
      const picture = asset ? media.toPicture(asset, row.name) : null;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        image: picture?.src ?? null,
        picture,
      };
    });
  }

  async function listProducts(query: ProductListQuery): Promise<{ items: ProductSummary[]; total: number }> {
    const found = await findProducts(query, query.search);
    if (found.total > 0 || !query.search) return found;
    const corrected = await correctSpelling(query.search);
    return corrected ? findProducts(query, corrected) : found;
  }

  async function findProducts(
    query: ProductListQuery,
    search: string | undefined,
  ): Promise<{ items: ProductSummary[]; total: number }> {
    const conditions: SQL[] = [isNull(products.deletedAt)];
    if (query.categoryId !== undefined) conditions.push(eq(products.categoryId, query.categoryId));
    if (query.minPrice !== undefined)
      conditions.push(gte(products.pricePaise, rupeesToPaise(query.minPrice)));
    if (query.maxPrice !== undefined)
      // Below maxPrice: a band's upper end is the next band's lower end (PRICE_BANDS).
      conditions.push(lt(products.pricePaise, rupeesToPaise(query.maxPrice)));

    let relevance: SQL | undefined;
    if (search) {
      // Full text on name and description, or a category whose name matches (its ids found once, so the
      // products' indexes still serve the rest); a category match ranks above a passing mention.
      const tsQuery = sql`websearch_to_tsquery('english', ${search})`;
      const matchingCategories = sql`array(select c.id from ${categories} c where to_tsvector('english', c.name) @@ ${tsQuery})`;
      const inMatchingCategory = sql`${products.categoryId} = any(${matchingCategories})`;
      conditions.push(sql`(${products.searchDocument} @@ ${tsQuery} or ${inMatchingCategory})`);
      relevance = sql`ts_rank(${products.searchDocument}, ${tsQuery}) + case when ${inMatchingCategory} then 0.3 else 0 end`;
    }

    // The id breaks ties in the sort's direction, so that each order is one of the listing indexes.
    const sort = query.sort ?? (relevance ? "relevance" : "newest");
    const orderBy: SQL[] = {
      newest: [desc(products.createdAt), desc(products.id)],
      "price-asc": [asc(products.pricePaise), asc(products.id)],
      "price-desc": [desc(products.pricePaise), desc(products.id)],
      bestsellers: [desc(products.soldCount), desc(products.id)],
      relevance: relevance
        ? [desc(relevance), desc(products.id)]
        : [desc(products.createdAt), desc(products.id)],
    }[sort];

    // Every page of a listing is a slice of its ids, read once (from the listing's index) and kept for the
    // answers' 30 s: a deep page then costs what the first does (decision 013). Only the page's rows are
    // read, each with its first picture and whether any size is in stock, by one prepared statement.
    const ids = await listingIds(
      conditions,
      orderBy,
      JSON.stringify([query.categoryId, query.minPrice, query.maxPrice, search, sort]),
    );
    const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
    const found = pageIds.length === 0 ? [] : await productSummaries.execute({ ids: pageIds });
    const rowById = new Map(found.map((row) => [row.id, row]));
    const rows = pageIds.flatMap((id) => rowById.get(id) ?? []);

    const items = rows.map((row): ProductSummary => {
      const picture = row.imageAsset ? media.toPicture(row.imageAsset, row.imageAlt ?? "") : null;
      return {
        _id: row.id,
        name: row.name,
        image: picture?.src ?? null,
        picture,
        price: paiseToRupees(row.pricePaise),
        originalPrice: row.originalPricePaise === null ? null : paiseToRupees(row.originalPricePaise),
        categoryId: row.categoryId,
        rating: row.rating,
        reviews: row.reviewCount,
        inStock: row.inStock,
      };
    });
    return { items, total: ids.length };
  }

  /**
   * The search with each word replaced by the most similar word of the catalog's names (pg_trgm similarity
   * over search_words), or null when no word changes: "anarkli" becomes "anarkali".
   */
  async function correctSpelling(search: string): Promise<string | null> {
    const [row] = await selectRows<{ corrected: string | null }>(
      db,
      sql`
      select string_agg(
        coalesce(
          (select w.word from ${searchWords} w where w.word % typed.word order by w.word <-> typed.word limit 1),
          typed.word
        ), ' ' order by typed.position) as corrected
      from regexp_split_to_table(lower(${search}), '[^[:alnum:]]+') with ordinality as typed(word, position)
      where typed.word <> ''`,
    );
    const corrected = row?.corrected ?? null;
    return corrected && corrected !== search.toLowerCase() ? corrected : null;
  }

  /**
   * The ids of the products a filter matches, in the listing's order; kept like the answers are. Pages of
   * one listing asked for together share one read, and a read begun before a change is not kept.
   */
  function listingIds(conditions: SQL[], orderBy: SQL[], listingKey: string): Promise<number[]> {
    return listings.get(listingKey, async () => {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(...conditions))
        .orderBy(...orderBy);
      return rows.map((row) => row.id);
    });
  }

  // The rows of one page, by id: the same statement for every page of every listing, so prepared once.
  const productSummaries = db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      originalPricePaise: products.originalPricePaise,
      categoryId: products.categoryId,
      rating: products.rating,
      reviewCount: products.reviewCount,
      inStock: sql<boolean>`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.stock} > 0)`,
      imageAlt: productImages.alt,
      imageAsset: {
        id: mediaAssets.id,
        width: mediaAssets.width,
        height: mediaAssets.height,
        widths: mediaAssets.widths,
      },
    })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .leftJoin(mediaAssets, eq(mediaAssets.id, productImages.mediaId))
    .where(and(sql`${products.id} = any(${sql.placeholder("ids")})`, isNull(products.deletedAt)))
    .prepare("product_summaries");

  // One prepared query (the same plan each time, built once): the product, its category's name, its
  // pictures with their media and its sizes, as PostgreSQL's JSON aggregates; only the columns the answer
  // shows (each column read is one more value to decode and map on every request).
  const productWithDetails = db.query.products
    .findFirst({
      columns: {
        id: true,
        name: true,
        description: true,
        pricePaise: true,
        originalPricePaise: true,
        categoryId: true,
        features: true,
        care: true,
        sizeFit: true,
        countryOfOrigin: true,
        customizations: true,
        rating: true,
        reviewCount: true,
      },
      where: (product, { and, eq, isNull }) =>
        and(eq(product.id, sql.placeholder("id")), isNull(product.deletedAt)),
      with: {
        category: { columns: { name: true }, with: { sizeChart: { columns: { chart: true } } } },
        images: {
          columns: { alt: true },
          orderBy: (image, { asc }) => asc(image.position),
          with: { asset: { columns: { id: true, width: true, height: true, widths: true } } },
        },
        sizes: { columns: { size: true, stock: true }, orderBy: (size, { asc }) => asc(size.position) },
      },
    })
    .prepare("product_with_details");

  async function getProduct(id: number): Promise<ProductDetail> {
    const product = await productWithDetails.execute({ id });
    if (!product) throw notFound("Product not found");
    const pictures = product.images.map((image) => media.toPicture(image.asset, image.alt));
    const sizes = product.sizes;

    return {
      _id: product.id,
      name: product.name,
      price: paiseToRupees(product.pricePaise),
      originalPrice: product.originalPricePaise === null ? null : paiseToRupees(product.originalPricePaise),
      description: product.description,
      image: pictures[0]?.src ?? null,
      images: pictures.map((picture) => picture.src),
      pictures,
      size: sizes.map((size) => size.size as SizeLabel),
      sizes: sizes.map((size) => ({ label: size.size as SizeLabel, stock: size.stock })),
      inStock: sizes.some((size) => size.stock > 0),
      features: product.features,
      care: product.care,
      sizeFit: product.sizeFit,
      countryOfOrigin: product.countryOfOrigin,
      rating: product.rating,
      reviews: product.reviewCount,
      category: { id: product.categoryId, name: product.category.name },
      sizeChart: product.category.sizeChart?.chart ?? defaultSizeChart(product.category.name),
      customizations: product.customizations.map((offered) => ({
        name: offered.name,
        charge: paiseToRupees(offered.chargePaise),
      })),
    };
  }

  /** Hides a product from the catalog; orders keep their lines (architecture "Data"). */
  async function deleteProduct(id: number): Promise<void> {
    const [deleted] = await db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!deleted) throw notFound("Product not found");
    announce({ productIds: [id], listings: "membership" });
  }

  /**
   * The bag's lines as the database has them now: each line's product (null when unknown or deleted), its
   * price, main image, and the size's stock (null when the product does not come in that size). Read outside
   * any transaction (on PGlite a transaction holds the only connection); reserveStock checks the stock
   * again where it counts.
   */
  async function lookUpLines(lines: readonly StockLine[]): Promise<LookedUpLine[]> {
    const ids = [...new Set(lines.map((line) => line.productId))];
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        customizations: products.customizations,
        mediaId: productImages.mediaId,
      })
      .from(products)
      .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
      .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
    const sizes = await db.select().from(productSizes).where(inArray(productSizes.productId, ids));
    const assets = await media.findMany(rows.flatMap((row) => (row.mediaId ? [row.mediaId] : [])));
    return lines.map((line) => {
      const product = rows.find((row) => row.id === line.productId);
      if (!product) return { ...line, product: null, stock: null };
      const asset = product.mediaId ? assets.get(product.mediaId) : undefined;
      const size = sizes.find((row) => row.productId === line.productId && row.size === line.size);
      return {
        ...line,
        product: {
          name: product.name,
          unitPricePaise: product.pricePaise,
          image: asset ? media.toPicture(asset, product.name).src : null,
          customizations: product.customizations,
        },
        stock: size ? size.stock : null,
      };
    });
  }

  /** The bag's lines priced by the database; throws the message a shopper should see for a line that cannot be had. */
  async function priceLines(lines: readonly StockLine[]): Promise<PricedLine[]> {
    return (await lookUpLines(lines)).map(({ product, stock, ...line }) => {
      if (!product) throw notFound(ORDER_MESSAGES.productUnavailable("A product in your bag"));
      if (stock === null) throw badRequest(ORDER_MESSAGES.sizeNotOffered(product.name, line.size));
      return { ...line, ...product, stock };
    });
  }

  /**
   * Takes the lines' quantities out of stock in the caller's transaction, each with one conditional update
   * (`stock >= n`), so no interleaving and no number of processes can sell more than there is; throws (and
   * the transaction rolls back) when a line is short. Lines are taken in one order to avoid deadlocks.
   */
  async function reserveStock(tx: Transaction, lines: readonly NamedLine[]): Promise<void> {
    const emptied = new Set<number>(); // products with a size that has just run out
    for (const line of [...lines].sort(byProductAndSize)) {
      const [row] = await tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
        .where(
          and(
            eq(productSizes.productId, line.productId),
            eq(productSizes.size, line.size),
            gte(productSizes.stock, line.quantity),
          ),
        )
        .returning({ stock: productSizes.stock });
      if (!row) {
        const [now] = await tx
          .select({ stock: productSizes.stock })
          .from(productSizes)
          .where(and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size)));
        const stock = now?.stock ?? 0;
        throw new OutOfStock(
          stock === 0
            ? ORDER_MESSAGES.soldOut(line.name, line.size)
            : ORDER_MESSAGES.onlyLeft(line.name, line.size, stock),
          { productId: line.productId, size: line.size, inStock: stock },
        );
      }
      if (row.stock === 0) emptied.add(line.productId);
    }
    // A product with no size left in stock any more is out of stock in the listings that show it.
    const inStock = await sizesInStock(tx, [...emptied]);
    announceStock(
      lines,
      [...emptied].filter((productId) => !inStock.has(productId)),
    );
  }

  /** Gives the lines' quantities back to stock, in the caller's transaction (which makes it happen once). */
  async function releaseStock(tx: Transaction, lines: readonly StockLine[]): Promise<void> {
    const refilled = new Map<number, Set<string>>(); // sizes that were out of stock, by product
    for (const line of [...lines].sort(byProductAndSize)) {
      const [row] = await tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} + ${line.quantity}` })
        .where(and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size)))
        .returning({ stock: productSizes.stock });
      if (row && row.stock === line.quantity)
        refilled.set(line.productId, (refilled.get(line.productId) ?? new Set()).add(line.size));
    }
    await notifyRestocked(tx, [...refilled.keys()]);
    // A product was out of stock before when every size in stock now is one that was just refilled.
    const inStock = await sizesInStock(tx, [...refilled.keys()]);
    announceStock(
      lines,
      [...refilled]
        .filter(([productId, sizes]) => [...(inStock.get(productId) ?? [])].every((size) => sizes.has(size)))
        .map(([productId]) => productId),
    );
  }

  /** The sizes of the products that are in stock now, by product (products with none are left out). */
  async function sizesInStock(
    tx: Transaction,
    productIds: readonly number[],
  ): Promise<Map<number, Set<string>>> {
    const sizes = new Map<number, Set<string>>();
    if (productIds.length === 0) return sizes;
    const rows = await tx
      .select({ productId: productSizes.productId, size: productSizes.size })
      .from(productSizes)
      .where(and(inArray(productSizes.productId, [...productIds]), gt(productSizes.stock, 0)));
    for (const row of rows) sizes.set(row.productId, (sizes.get(row.productId) ?? new Set()).add(row.size));
    return sizes;
  }

  /**
   * After the stock of the lines' products changed: their own answers and pages show the counts, and the
   * listings that hold one of `flipped` show it went out of stock or came back.
   */
  function announceStock(lines: readonly StockLine[], flipped: readonly number[]) {
    const changed = [...new Set(lines.map((line) => line.productId))].filter((id) => !flipped.includes(id));
    if (changed.length > 0) announce({ productIds: changed, listings: "unchanged" });
    if (flipped.length > 0) announce({ productIds: flipped, listings: "rows" });
  }

  return {
    ...editing,
    sizeCharts: createSizeCharts({ db, announce }),
    staffList: createStaffProductList({ db, media }),
    announce,
    changedElsewhere: forget,
    listCategories,
    listProducts,
    getProduct,
    deleteProduct,
    forgetCachedAnswers,
    lookUpLines,
    priceLines,
    reserveStock,
    releaseStock,
  };
}

/** A quantity of one product in one size. */
export type StockLine = { productId: number; size: string; quantity: number };
type LinedProduct = {
  name: string;
  /** The product's price of one piece, before any customisation. */
  unitPricePaise: number;
  image: string | null;
  /** The tailoring the product offers now. */
  customizations: OfferedCustomization[];
};
/** A stock line with its product's name, for the messages of a line that is short. */
export type NamedLine = StockLine & { name: string };
export type LookedUpLine = StockLine & { product: LinedProduct | null; stock: number | null };
export type PricedLine = StockLine & LinedProduct & { stock: number };

const byProductAndSize = (a: StockLine, b: StockLine) =>
  a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0);

export type CatalogService = ReturnType<typeof createCatalogService>;
