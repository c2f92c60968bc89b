import { asc, eq, inArray } from "drizzle-orm";
import { COURIER_MESSAGES, type CategoryParcel, type CategoryParcels } from "../../contract/courier-parcels";
import { categories, products } from "../catalog/catalog.tables";
import type { Database, Executor } from "../db/client";
import { NotFound } from "../lib/errors";
import type { ParcelDefaults } from "../settings/store-settings";
import { categoryParcels } from "./shipping.tables";

const volume = (box: ParcelDefaults) => box.lengthCm * box.widthCm * box.heightCm;

/**
 * The owner's parcel for one piece of each category (decision 050, amended), and the parcel an order's pieces
 * make: "Ship with Delhivery" declares it unless staff give a weight or size of their own.
 */
export function createCategoryParcels({ db }: { db: Database }) {
  async function list(): Promise<CategoryParcels> {
    const rows = await db
      .select({ id: categories.id, name: categories.name, parcel: categoryParcels })
      .from(categories)
      .leftJoin(categoryParcels, eq(categoryParcels.categoryId, categories.id))
      .orderBy(asc(categories.position), asc(categories.id));
    return rows.map(({ id, name, parcel }) => ({
      category: { id, name },
      parcel: parcel
        ? {
            weightGrams: parcel.weightGrams,
            lengthCm: parcel.lengthCm,
            widthCm: parcel.widthCm,
            heightCm: parcel.heightCm,
          }
        : null,
    }));
  }

  /** Sets a category's parcel, or with null leaves the category to the usual parcel. */
  async function save(categoryId: number, parcel: CategoryParcel | null, actor: string) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw new NotFound(COURIER_MESSAGES.noCategory);
    if (parcel === null) await db.delete(categoryParcels).where(eq(categoryParcels.categoryId, categoryId));
    else
      await db
        .insert(categoryParcels)
        .values({ categoryId, ...parcel, updatedBy: actor })
        .onConflictDoUpdate({
          target: categoryParcels.categoryId,
          set: { ...parcel, updatedBy: actor, updatedAt: new Date() },
        });
    return list();
  }

  /**
   * The parcel of an order's pieces. With no category of theirs given a parcel: the usual parcel, as before
   * categories had one. Otherwise each piece weighs its category's weight (the usual one where its category
   * has none), and they go in the largest of their boxes (the pieces are folded flat: they stack in it).
   */
  async function forPieces(
    executor: Executor,
    pieces: readonly { productId: number; quantity: number }[],
    usual: ParcelDefaults,
  ): Promise<ParcelDefaults> {
    const rows = await executor
      .select({ productId: products.id, parcel: categoryParcels })
      .from(products)
      .leftJoin(categoryParcels, eq(categoryParcels.categoryId, products.categoryId))
      .where(
        inArray(
          products.id,
          pieces.map((piece) => piece.productId),
        ),
      );
    const parcelOf = new Map(rows.map((row) => [row.productId, row.parcel]));
    if (![...parcelOf.values()].some(Boolean)) return usual;
    const each = pieces.map((piece) => ({
      box: parcelOf.get(piece.productId) ?? usual,
      quantity: piece.quantity,
    }));
    const largest = each.reduce((big, { box }) => (volume(box) > volume(big) ? box : big), each[0]!.box);
    return {
      weightGrams: each.reduce((sum, { box, quantity }) => sum + box.weightGrams * quantity, 0),
      lengthCm: largest.lengthCm,
      widthCm: largest.widthCm,
      heightCm: largest.heightCm,
    };
  }

  return { list, save, forPieces };
}

export type CategoryParcelsService = ReturnType<typeof createCategoryParcels>;
