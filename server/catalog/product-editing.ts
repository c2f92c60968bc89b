import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { SizeLabel } from "../../contract/catalog";
import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import type { ProductDraft, ProductUpdate, StaffProduct } from "../../contract/product-editing";
import { selectRows, type Database, type Transaction } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import type { MediaService } from "../media/media.service";
import { mediaAssets } from "../media/media.tables";
import { categories, productImages, products, productSizes } from "./catalog.tables";

/** What only the catalog's own writers (the demo seed, test fixtures) set on a new product. */
export type NewProductExtras = {
  createdAt?: Date;
  soldCount?: number;
  rating?: number;
  reviewCount?: number;
  hidden?: boolean;
  /** Alt text per image, in order; the product's name otherwise. */
  alts?: string[];
};

type Writer = Database | Transaction;

/** A media id, or a URL of one of its files (`…/<id>/<width>.<format>`): the id. */
const MEDIA_ID = /^[0-9a-f]{32}$/;
const MEDIA_ID_IN_URL = /(?:^|\/)([0-9a-f]{32})\/\d+\.(?:webp|avif)(?:[?#].*)?$/;
export function mediaIdOf(reference: string): string | null {
  if (MEDIA_ID.test(reference)) return reference;
  return MEDIA_ID_IN_URL.exec(reference)?.[1] ?? null;
}

/**
 * Creating and editing products: the one way a product is written (the add-product call, the demo seed and
 * the test fixtures all come here). `forget` drops cached answers: `productId` alone when only that
 * product's own page changed, everything otherwise.
 */
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
  };
}

export function createProductEditing({
  db,
  media,
  forget,
}: {
  db: Database;
  media: MediaService;
  forget: (productId?: number) => void;
}) {
  /** The media ids of the references, in order and without repeats; 400 for one that names no stored image. */
  async function resolveImages(writer: Writer, references: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const reference of references) {
      const id = mediaIdOf(reference);
      if (!id) throw badRequest(`Unknown image reference: ${reference.slice(0, 80)}`);
      if (!ids.includes(id)) ids.push(id);
    }
    if (ids.length === 0) return ids;
    const found = await writer
      .select({ id: mediaAssets.id })
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, ids));
    const known = new Set(found.map((row) => row.id));
    const unknown = references.find((reference) => !known.has(mediaIdOf(reference)!));
    if (unknown !== undefined) throw badRequest(`Unknown image reference: ${unknown.slice(0, 80)}`);
    return ids;
  }

  async function checkCategory(writer: Writer, id: number): Promise<void> {
    const [row] = await writer.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    if (!row) throw badRequest(`Unknown category: ${id}`);
  }

  function stockRows(
    productId: number,
    sizes: readonly SizeLabel[],
    stockFor: (size: SizeLabel) => number,
  ): (typeof productSizes.$inferInsert)[] {
    return sizes.map((size, position) => ({ productId, size, position, stock: stockFor(size) }));
  }

  /**
   * Adds a product from the spec's draft: each chosen size starts at `stock[size]` or `availableQunatity`;
   * `image` first, then the other `images`. Shown in the shop at once. In the caller's transaction when
   * given one (the seed's), else in its own.
   */
  async function createProduct(
    draft: ProductDraft,
    extras: NewProductExtras = {},
    tx?: Transaction,
  ): Promise<{ id: number }> {
    const write = async (writer: Transaction) => {
      await checkCategory(writer, draft.category);
      const references = draft.image ? [draft.image, ...draft.images] : draft.images;
      const imageIds = await resolveImages(writer, references);
      const [row] = await writer
        .insert(products)
        .values({
          ...productColumns(draft),
          ...(extras.createdAt ? { createdAt: extras.createdAt } : {}),
          soldCount: extras.soldCount ?? 0,
          rating: extras.rating ?? 0,
          reviewCount: extras.reviewCount ?? 0,
          deletedAt: extras.hidden ? new Date() : null,
        })
        .returning({ id: products.id });
      const id = row!.id;
      if (imageIds.length > 0)
        await writer.insert(productImages).values(
          imageIds.map((mediaId, position) => ({
            productId: id,
            position,
            mediaId,
            alt: extras.alts?.[position] ?? draft.name,
          })),
        );
      if (draft.size.length > 0)
        await writer
          .insert(productSizes)
          .values(stockRows(id, draft.size, (size) => draft.stock?.[size] ?? draft.availableQunatity));
      return { id };
    };
    if (tx) return write(tx); // the caller forgets, once, after its transaction
    const created = await db.transaction(write);
    forget();
    return created;
  }

  /**
   * Replaces every field of a product: its images in the given order, its sizes (a size no longer offered
   * goes, a new one starts at `stock[size]` or 0) and the stock of each size as `stock` sets it (sizes it
   * does not name keep theirs). Works on hidden products too.
   */
  async function updateProduct(update: ProductUpdate): Promise<void> {
    const before = await staffView(update.id);
    const listingChanged = await db.transaction(async (tx) => {
      await checkCategory(tx, update.category);
      const imageIds = await resolveImages(tx, update.images);
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

      // What a listing shows: name, prices, category, first image, whether any size is in stock.
      const inStock = (sizes: { stock: number }[]) => sizes.some((size) => size.stock > 0);
      return (
        before.name !== update.name ||
        before.price !== update.price ||
        before.originalPrice !== (update.originalPrice ?? null) ||
        before.categoryId !== update.category ||
        before.images[0]?.id !== imageIds[0] ||
        inStock(before.sizes) !== inStock(rows as { stock: number }[])
      );
    });
    if (before.hidden) return; // no shopper can see it: nothing cached shows it
    forget(listingChanged ? undefined : update.id);
  }

  /** Hides a product from the shop or shows it again (the spec's delete hides it too). */
  async function setVisibility(id: number, visible: boolean): Promise<void> {
    const [row] = await db
      .update(products)
      .set({ deletedAt: visible ? null : sql`coalesce(${products.deletedAt}, now())` })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!row) throw notFound("Product not found");
    forget();
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
      hidden: product.deletedAt !== null,
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

  /** Whether a live product exists (for the fixture and seed's checks). */
  async function isListed(id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)));
    return Boolean(row);
  }

  return { createProduct, updateProduct, setVisibility, staffView, isListed };
}
