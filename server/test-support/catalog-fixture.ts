import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import type { SizeLabel } from "../../contract/catalog";
import { categories } from "../catalog/catalog.tables";

export type FixtureProduct = {
  name: string;
  description?: string;
  price: number;
  originalPrice?: number;
  categoryId: number;
  sizes?: Record<string, number>;
  soldCount?: number;
  daysAgo?: number;
  deleted?: boolean;
};

export const FIXTURE_CATEGORIES = [
  { id: 1, name: "Anarkali" },
  { id: 2, name: "Lehanga & CropTop" },
  { id: 3, name: "Half Saree" },
  { id: 4, name: "Ethnic Wear" },
  { id: 5, name: "Kids" },
];

/** Inserts the five categories and the given products, each with one small real image; returns their ids. */
export async function seedCatalog(app: FastifyInstance, items: FixtureProduct[]): Promise<number[]> {
  const { db, media } = app.services;
  const image = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#9c2a50" } })
    .png()
    .toBuffer();
  const asset = await media.store(image);
  await db
    .insert(categories)
    .values(FIXTURE_CATEGORIES.map((category, index) => ({ ...category, position: index + 1 })))
    .onConflictDoNothing();
  const ids: number[] = [];
  for (const item of items) {
    // Through the catalog's one writer, as add-product goes.
    const sizes = Object.entries(item.sizes ?? { S: 5, M: 5 }) as [SizeLabel, number][];
    const { id } = await app.services.catalog.createProduct(
      {
        name: item.name,
        description: item.description ?? `${item.name}, a fixture product.`,
        price: item.price,
        originalPrice: item.originalPrice,
        category: item.categoryId,
        size: sizes.map(([size]) => size),
        stock: Object.fromEntries(sizes),
        availableQunatity: 0,
        images: [asset.id],
        features: ["Pure georgette", "Hand embroidered"],
        care: "Dry clean only.",
      },
      {
        soldCount: item.soldCount ?? 0,
        createdAt: new Date(Date.now() - (item.daysAgo ?? 0) * 86_400_000),
        hidden: item.deleted,
      },
    );
    ids.push(id);
  }
  app.services.catalog.forgetCachedAnswers(); // as the catalog's own changes do
  return ids;
}
