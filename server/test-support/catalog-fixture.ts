import { EMPTY_SIZE_FIT } from "../../contract/product-editing-rules";
import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import type { SizeLabel } from "../../contract/catalog";
import type { ProductCustomization } from "../../contract/tailoring";

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
  /** The tailoring offered, with charges in rupees (none unless given). */
  customizations?: ProductCustomization[];
};

export const FIXTURE_CATEGORIES = [
  { id: 1, name: "Anarkali" },
  { id: 2, name: "Lehanga & CropTop" },
  { id: 3, name: "Half Saree" },
  { id: 4, name: "Ethnic Wear" },
  { id: 5, name: "Kids" },
];

/**
 * Adds the five categories (when missing) and the given products, each with one small real image, through
 * the catalog's writers; returns the products' ids.
 */
export async function seedCatalog(app: FastifyInstance, items: FixtureProduct[]): Promise<number[]> {
  const { catalog, media } = app.services;
  const image = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#9c2a50" } })
    .png()
    .toBuffer();
  const asset = await media.store(image);
  await catalog.createCategories(
    FIXTURE_CATEGORIES.map((category, index) => ({ ...category, position: index + 1 })),
  );
  return catalog.createProducts(
    items.map((item) => {
      const sizes = Object.entries(item.sizes ?? { S: 5, M: 5 }) as [SizeLabel, number][];
      const draft = {
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
        sizeFit: EMPTY_SIZE_FIT,
        customizations: item.customizations ?? [],
      };
      const extras = {
        soldCount: item.soldCount ?? 0,
        createdAt: new Date(Date.now() - (item.daysAgo ?? 0) * 86_400_000),
        hidden: item.deleted,
      };
      return { draft, extras };
    }),
  );
}
