import { and, eq, inArray, sql } from "drizzle-orm";
import type { SizeLabel } from "../../contract/catalog";
import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import type { ProductDraft, ProductUpdate, StaffProduct } from "../../contract/product-editing";
import {
  STOCK_MESSAGES,
  stockStateOf,
  type SetStockRequest,
  type StockState,
} from "../../contract/staff-products";
import { selectRows, type Database, type Executor } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import type { MediaService } from "../media/media.service";
import { mediaAssets } from "../media/media.tables";
import type { CatalogChange, NotifyRestocked } from "./catalog-changes";
import { categories, productImages, products, productSizes } from "./catalog.tables";

/** What only the catalog's own loaders (the demo seed, test fixtures, the bench) set on a new product. */
export type NewProductExtras = {
  createdAt?: Date;
  soldCount?: number;
  rating?: number;
  reviewCount?: number;
  hidden?: boolean;
  /** Alt text per image, in order; the product's name otherwise. */
  alts?: string[];
};

/** A product to add: the spec's draft (as add-product takes it), and what only the catalog's loaders set. */
export type NewProduct = { draft: ProductDraft; extras?: NewProductExtras };

/** A category as the catalog's loaders add it (staff do not add categories). */
export type NewCategory = {
  id: number;
  name: string;
  description?: string;
  imageId?: string | null;
  position: number;
};

/** A media id, or a URL of one of its files (`…/<id>/<width>.<format>`): the id. */
const MEDIA_ID = /^[0-9a-f]{32}$/;
const MEDIA_ID_IN_URL = /(?:^|\/)([0-9a-f]{32})\/\d+\.(?:webp|avif)(?:[?#].*)?$/;
export function mediaIdOf(reference: string): string | null {
  if (MEDIA_ID.test(reference)) return reference;
  return MEDIA_ID_IN_URL.exec(reference)?.[1] ?? null;
}

/** The products row's columns that a staff draft or update sets, priced in paise. */
function productColumns(draft: ProductDraft | ProductUpdate) {
  return {
    name: draft.name,
    description: draft.description,
    pricePaise: rupeesToPaise(draft.price!),
    originalPricePaise: draft.originalPrice === undefined ? null : rupeesToPaise(draft.originalPrice),
    categoryId: draft.category,
    features: draft.features,
    care: draft.care,
    sizeFit: draft.sizeFit,
    customizations: draft.customizations.map((offered) => ({
      name: offered.name,
      chargePaise: rupeesToPaise(offered.charge),
    })),
    // Left out: a new product takes the column's default (India), an edited one keeps its own.
    ...(draft.countryOfOrigin === undefined ? {} : { countryOfOrigin: draft.countryOfOrigin }),
  };
}

/** Rows per insert: well under PostgreSQL's 65,535 bind parameters (a product has at most 6 size rows). */
const CHUNK = 1000;

/**
 * The media ids of each list of references, in order and without repeats, or the first reference (in the
 * lists' order) that names no stored image. One query for all the lists.
 */
async function resolveImages(
  writer: Executor,
  lists: readonly (readonly string[])[],
): Promise<{ ids: string[][] } | { unknown: string }> {
  const resolved: string[][] = [];
  for (const references of lists) {
    const ids: string[] = [];
    for (const reference of references) {
      const id = mediaIdOf(reference);
      if (!id) return { unknown: reference };
      if (!ids.includes(id)) ids.push(id);
    }
    resolved.push(ids);
  }
  const wanted = [...new Set(resolved.flat())];
  const known = new Set<string>();
  for (let start = 0; start < wanted.length; start += CHUNK) {
    const found = await writer
      .select({ id: mediaAssets.id })
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, wanted.slice(start, start + CHUNK)));
    for (const row of found) known.add(row.id);
  }
  const unknown = lists.flat().find((reference) => !known.has(mediaIdOf(reference)!));
  return unknown === undefined ? { ids: resolved } : { unknown };
}

/** The first of the category ids that does not exist, if one does not. */
async function unknownCategory(writer: Executor, ids: readonly number[]): Promise<number | undefined> {
  const wanted = [...new Set(ids)];
  const found = await writer
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, wanted));
  const known = new Set(found.map((row) => row.id));
  return wanted.find((id) => !known.has(id));
}

/**
 * The media ids of each product's images, once its categories and images are known to exist; otherwise a
 * 400 naming both problems at once (`errors.category`, `errors.images`).
 */
async function checkReferences(
  writer: Executor,
  categoryIds: readonly number[],
  imageLists: readonly (readonly string[])[],
): Promise<string[][]> {
  const category = await unknownCategory(writer, categoryIds);
  const images = await resolveImages(writer, imageLists);
  const errors: Record<string, string> = {};
  if (category !== undefined) errors.category = `Unknown category: ${category}`;
  if ("unknown" in images) errors.images = `Unknown image reference: ${images.unknown.slice(0, 80)}`;
  const [first] = Object.values(errors);
  if (first !== undefined) throw badRequest(first, errors);
  return (images as { ids: string[][] }).ids;
}

function stockRows(
  productId: number,
  sizes: readonly SizeLabel[],
  stockFor: (size: SizeLabel) => number,
): (typeof productSizes.$inferInsert)[] {
  return sizes.map((size, position) => ({ productId, size, position, stock: stockFor(size) }));
}

/**
 * Adds the categories that are not there yet (by id). In the caller's transaction when given one; it tells
 * no cache (the catalog service's createCategories does).
 */
export async function insertCategories(writer: Executor, rows: readonly NewCategory[]): Promise<void> {
  if (rows.length === 0) return;
  await writer
    .insert(categories)
    .values(rows.map((row) => ({ ...row, description: row.description ?? "", imageId: row.imageId ?? null })))
    .onConflictDoNothing();
}

/**
 * The one way products are added (add-product, the demo seed, test fixtures, the bench's catalog): each from
 * the spec's draft, its chosen sizes starting at `stock[size]` or `availableQunatity`, `image` first and then
 * the other `images`; shown in the shop at once unless `hidden`. All or none, in a transaction of its own or
 * a savepoint of the caller's; categories and images are checked once for the batch and rows are written in
 * chunks, so thousands of products load in seconds. Returns the new ids in order. Tells no cache (the
 * catalog service's createProducts does).
 */
export async function insertProducts(writer: Executor, items: readonly NewProduct[]): Promise<number[]> {
  if (items.length === 0) return [];
  return writer.transaction(async (tx) => {
    const imageIds = await checkReferences(
      tx,
      items.map(({ draft }) => draft.category),
      items.map(({ draft }) => (draft.image ? [draft.image, ...draft.images] : draft.images)),
    );
    const ids: number[] = [];
    for (let start = 0; start < items.length; start += CHUNK) {
      const chunk = items.slice(start, start + CHUNK);
      const rows = await tx
        .insert(products)
        .values(
          chunk.map(({ draft, extras = {} }) => ({
            ...productColumns(draft),
            ...(extras.createdAt ? { createdAt: extras.createdAt } : {}),
            soldCount: extras.soldCount ?? 0,
            rating: extras.rating ?? 0,
            reviewCount: extras.reviewCount ?? 0,
            deletedAt: extras.hidden ? new Date() : null,
          })),
        )
        .returning({ id: products.id });
      const imageRows = rows.flatMap(({ id }, i) => {
        const { draft, extras } = chunk[i]!;
        return imageIds[start + i]!.map((mediaId, position) => ({
          productId: id,
          position,
          mediaId,
          alt: extras?.alts?.[position] ?? draft.name,
        }));
      });
      const sizeRows = rows.flatMap(({ id }, i) => {
        const { draft } = chunk[i]!;
        return stockRows(id, draft.size, (size) => draft.stock?.[size] ?? draft.availableQunatity);
      });
      if (imageRows.length > 0) await tx.insert(productImages).values(imageRows);
      if (sizeRows.length > 0) await tx.insert(productSizes).values(sizeRows);
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  });
}

/** Creating and editing products; `announce` tells the caches what each change touches. */
export function createProductEditing({
  db,
  media,
  announce,
  notifyRestocked,
}: {
  db: Database;
  media: MediaService;
  announce: (change: CatalogChange) => void;
  notifyRestocked: NotifyRestocked;
}) {
  /** Adds products (insertProducts) in a transaction of their own, then drops what the caches showed. */
  async function createProducts(items: readonly NewProduct[]): Promise<number[]> {
    const ids = await insertProducts(db, items);
    if (ids.length > 0) announce({ productIds: ids, listings: "membership" });
    return ids;
  }

  /** Adds a product from the spec's draft (add-product). */
  async function createProduct(draft: ProductDraft): Promise<{ id: number }> {
    const [id] = await createProducts([{ draft }]);
    return { id: id! };
  }

  /** Adds the categories not there yet (insertCategories), then drops what the caches showed. */
  async function createCategories(rows: readonly NewCategory[]): Promise<void> {
    await insertCategories(db, rows);
    announce({ categories: true });
  }

  /**
   * Replaces every field of a product: its images in the given order, its sizes (a size no longer offered
   * goes, a new one starts at `stock[size]` or 0) and the stock of each size as `stock` sets it (sizes it
   * does not name keep theirs). Works on hidden products too.
   */
  async function updateProduct(update: ProductUpdate): Promise<void> {
    const before = await staffView(update.id);
    const change = await db.transaction(async (tx): Promise<CatalogChange> => {
      const [imageIds = []] = await checkReferences(tx, [update.category], [update.images]);
      await tx.update(products).set(productColumns(update)).where(eq(products.id, update.id));
      await tx.delete(productImages).where(eq(productImages.productId, update.id));
      await tx.insert(productImages).values(
        imageIds.map((mediaId, position) => ({
          productId: update.id,
          position,
          mediaId,
          alt: before.images.find((image) => image.id === mediaId)?.picture.alt || update.name,
        })),
      );
      const current = new Map(before.sizes.map((size) => [size.label as string, size.stock]));
      await tx.delete(productSizes).where(eq(productSizes.productId, update.id));
      const rows = stockRows(update.id, update.size, (size) => update.stock[size] ?? current.get(size) ?? 0);
      await tx.insert(productSizes).values(rows);
      await notifyRestocked(tx, [update.id]);

      // Which products listings hold, and in what order: they filter, sort and search on these.
      const membership =
        before.name !== update.name ||
        before.description !== update.description ||
        before.price !== update.price ||
        before.categoryId !== update.category;
      // What a listing shows of the product besides.
      const inStock = (sizes: { stock: number }[]) => sizes.some((size) => size.stock > 0);
      const row =
        before.originalPrice !== (update.originalPrice ?? null) ||
        before.images[0]?.id !== imageIds[0] ||
        inStock(before.sizes) !== inStock(rows as { stock: number }[]);
      return {
        productIds: [update.id],
        listings: membership ? "membership" : row ? "rows" : "unchanged",
      };
    });
    if (before.hidden) return; // no shopper can see it: nothing cached shows it
    announce(change);
  }

  /** Hides a product from the shop or shows it again (the spec's delete hides it too). */
  async function setVisibility(id: number, visible: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ deletedAt: visible ? null : sql`coalesce(${products.deletedAt}, now())` })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      if (!row) throw notFound("Product not found");
      if (visible) await notifyRestocked(tx, [id]);
    });
    announce({ productIds: [id], listings: "membership" });
  }

  /**
   * Sets the stock of some sizes of a product (the staff's product list), in one transaction; a size the
   * product does not come in is a 400 naming it, and nothing changes. Returns every size's stock after.
   */
  async function setStock({ id, stock }: SetStockRequest): Promise<{
    sizes: { label: SizeLabel; stock: number }[];
    stockState: StockState;
  }> {
    const { sizes, hidden, before } = await db.transaction(async (tx) => {
      const [product] = await tx
        .select({ deletedAt: products.deletedAt })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!product) throw notFound("Product not found");
      const current = await tx
        .select({ size: productSizes.size, stock: productSizes.stock })
        .from(productSizes)
        .where(eq(productSizes.productId, id))
        .orderBy(productSizes.position);
      const offered = new Set(current.map((row) => row.size));
      const errors = Object.fromEntries(
        Object.keys(stock)
          .filter((size) => !offered.has(size))
          .map((size) => [`stock.${size}`, STOCK_MESSAGES.notOffered(size)]),
      );
      const [first] = Object.values(errors);
      if (first) throw badRequest(first, errors);
      for (const [size, count] of Object.entries(stock))
        await tx
          .update(productSizes)
          .set({ stock: count })
          .where(and(eq(productSizes.productId, id), eq(productSizes.size, size)));
      await notifyRestocked(tx, [id]);
      return {
        before: current,
        hidden: product.deletedAt !== null,
        sizes: current.map((row) => ({
          label: row.size as SizeLabel,
          stock: stock[row.size as SizeLabel] ?? row.stock,
        })),
      };
    });
    const inStock = (rows: { stock: number }[]) => rows.some((row) => row.stock > 0);
    if (!hidden)
      announce({ productIds: [id], listings: inStock(before) === inStock(sizes) ? "unchanged" : "rows" });
    return { sizes, stockState: stockStateOf(sizes.map((size) => size.stock)) };
  }

  /** A product as staff edit it, hidden or not, with what unpaid orders hold of each size. */
  async function staffView(id: number): Promise<StaffProduct> {
    const [product] = await db.select().from(products).where(eq(products.id, id));
    if (!product) throw notFound("Product not found");
    const images = await db
      .select({ alt: productImages.alt, asset: mediaAssets })
      .from(productImages)
      .innerJoin(mediaAssets, eq(mediaAssets.id, productImages.mediaId))
      .where(eq(productImages.productId, id))
      .orderBy(productImages.position);
    const sizes = await db
      .select({ size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(eq(productSizes.productId, id))
      .orderBy(productSizes.position);
    const reserved = await reservedBySize(id);
    return {
      _id: product.id,
      name: product.name,
      description: product.description,
      price: paiseToRupees(product.pricePaise),
      originalPrice: product.originalPricePaise === null ? null : paiseToRupees(product.originalPricePaise),
      categoryId: product.categoryId,
      features: product.features,
      care: product.care,
      sizeFit: product.sizeFit,
      countryOfOrigin: product.countryOfOrigin,
      hidden: product.deletedAt !== null,
      customizations: product.customizations.map((offered) => ({
        name: offered.name,
        charge: paiseToRupees(offered.chargePaise),
      })),
      images: images.map((image) => ({
        id: image.asset.id,
        picture: media.toPicture(image.asset, image.alt),
      })),
      sizes: sizes.map((size) => ({
        label: size.size as SizeLabel,
        stock: size.stock,
        reserved: reserved.get(size.size) ?? 0,
      })),
    };
  }

  /** Quantities of the product in orders awaiting payment whose stock is still held (orders.tables.ts). */
  async function reservedBySize(productId: number): Promise<Map<string, number>> {
    const rows = await selectRows<{ size: string; reserved: number }>(
      db,
      sql`select oi.size, sum(oi.quantity)::int as reserved
          from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = ${productId} and o.status = 'Pending' and o.stock_released_at is null
          group by oi.size`,
    );
    return new Map(rows.map((row) => [row.size, Number(row.reserved)]));
  }

  return {
    createProducts,
    createProduct,
    createCategories,
    updateProduct,
    setVisibility,
    setStock,
    staffView,
  };
}
