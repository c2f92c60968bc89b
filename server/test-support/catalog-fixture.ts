import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import { categories, productImages, products, productSizes } from "../catalog/catalog.tables";

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
    const [row] = await db
      .insert(products)
      .values({
        name: item.name,
        description: item.description ?? `${item.name}, a fixture product.`,
        pricePaise: Math.round(item.price * 100),
        originalPricePaise: item.originalPrice === undefined ? null : Math.round(item.originalPrice * 100),
        categoryId: item.categoryId,
        features: ["Pure georgette", "Hand embroidered"],
        care: "Dry clean only.",
        soldCount: item.soldCount ?? 0,
        createdAt: new Date(Date.now() - (item.daysAgo ?? 0) * 86_400_000),
        deletedAt: item.deleted ? new Date() : null,
      })
      .returning({ id: products.id });
    const id = row!.id;
    ids.push(id);
    const sizes = Object.entries(item.sizes ?? { S: 5, M: 5 });
    if (sizes.length > 0) {
      await db
        .insert(productSizes)
        .values(sizes.map(([size, stock], position) => ({ productId: id, size, stock, position })));
    }
    await db.insert(productImages).values({ productId: id, position: 0, mediaId: asset.id, alt: item.name });
  }
  app.services.catalog.forgetCachedAnswers(); // as the catalog's own changes do
  return ids;
}
