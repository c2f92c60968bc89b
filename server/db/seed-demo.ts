import { sql } from "drizzle-orm";
import type { SizeLabel } from "../../contract/catalog";
import type { SizeFit } from "../../contract/product-editing-rules";
import { KIDS_CATEGORY_NAME } from "../../contract/size-charts";
import { categories } from "../catalog/catalog.tables";
import type { CatalogService } from "../catalog/catalog.service";
import { insertCategories, insertProducts } from "../catalog/product-editing";
import type { MediaService } from "../media/media.service";
import type { Database, Executor } from "./client";
import {
  CARE,
  DEMO_CATEGORIES,
  DEMO_COLOURS,
  DEMO_PRODUCTS,
  type DemoCategory,
  type DemoProduct,
} from "./demo-catalog-data";
import { renderDemoImage, seededRandom, type DemoImageOptions } from "./demo-images";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The machine has two cores: two images are drawn and encoded at a time. */
const IMAGE_CONCURRENCY = 2;

/**
 * Fills an empty catalogue with the demo boutique: five categories and their products, each with
 * two generated photographs and stock per size. Does nothing (and returns zeros) when any category
 * exists. Images are drawn and stored first; the rows go in one transaction afterwards.
 * Everything is deterministic, so the stored images are the same files on every run.
 */
export async function seedDemoCatalog({
  db,
  media,
  catalog,
}: {
  db: Database;
  media: MediaService;
  catalog: Pick<CatalogService, "forgetCachedAnswers">;
}): Promise<{ categories: number; products: number }> {
  if (await hasCategories(db)) return { categories: 0, products: 0 };

  const plans = DEMO_PRODUCTS.map((product, index) => planProduct(product, index));

  type Job = { key: string; options: DemoImageOptions };
  const jobs: Job[] = [
    ...DEMO_CATEGORIES.map((category) => ({
      key: `category:${category.id}`,
      options: {
        seed: 7001 + category.id * 101,
        palette: palette(category.colour),
        kind: "category",
        label: category.name,
      } satisfies DemoImageOptions,
    })),
    ...plans.flatMap((plan) => [
      {
        key: `product:${plan.index}:0`,
        options: { ...plan.image, view: "front" } satisfies DemoImageOptions,
      },
      {
        key: `product:${plan.index}:1`,
        options: { ...plan.image, view: "detail" } satisfies DemoImageOptions,
      },
    ]),
  ];
  const mediaIds = new Map<string, string>();
  await forEachConcurrently(jobs, IMAGE_CONCURRENCY, async (job) => {
    const asset = await media.store(await renderDemoImage(job.options), { avifEffort: 0 });
    mediaIds.set(job.key, asset.id);
  });
  const mediaId = (key: string) => {
    const id = mediaIds.get(key);
    if (!id) throw new Error(`Demo image ${key} was not stored`);
    return id;
  };

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting together on one PostgreSQL: the second waits here, then finds the rows.
    await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
    if (await hasCategories(tx)) return { categories: 0, products: 0 };

    // Through the catalog's writers (products as add-product adds them), in this transaction; the caches
    // are told once it has committed.
    await insertCategories(
      tx,
      DEMO_CATEGORIES.map((category) => ({
        id: category.id,
        name: category.name,
        description: category.description,
        imageId: mediaId(`category:${category.id}`),
        position: category.id,
      })),
    );
    await insertProducts(
      tx,
      plans.map((plan) => ({
        draft: {
          name: plan.row.name,
          description: plan.row.description,
          price: plan.row.price,
          originalPrice: plan.row.originalPrice ?? undefined,
          category: plan.row.categoryId,
          size: plan.stock.map(({ size }) => size),
          stock: Object.fromEntries(plan.stock.map(({ size, stock }) => [size, stock])),
          availableQunatity: 0,
          images: [mediaId(`product:${plan.index}:0`), mediaId(`product:${plan.index}:1`)],
          features: plan.row.features,
          care: plan.row.care,
          sizeFit: demoSizeFit(
            plan.row.categoryId,
            plan.stock.map(({ size }) => size),
          ),
          customizations: plan.row.customizations,
        },
        extras: {
          createdAt: plan.row.createdAt,
          soldCount: plan.row.soldCount,
          alts: [`${plan.row.name} – front view`, `${plan.row.name} – detail view`],
        },
      })),
    );
    return { categories: DEMO_CATEGORIES.length, products: plans.length };
  });
  if (seeded.products > 0) catalog.forgetCachedAnswers();
  return seeded;
}

async function hasCategories(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length > 0;
}

function palette(colour: keyof typeof DEMO_COLOURS): [string, string, string] {
  const [main, contrast, accent] = DEMO_COLOURS[colour];
  return [main, contrast, accent];
}

function categoryOf(product: DemoProduct): DemoCategory {
  const category = DEMO_CATEGORIES.find((c) => c.id === product.category);
  if (!category) throw new Error(`Unknown demo category ${product.category}`);
  return category;
}

/** Everything about one product that does not need the database: its row, stock and image options. */
function planProduct(product: DemoProduct, index: number) {
  const category = categoryOf(product);
  const random = seededRandom(40_000 + index * 7919);
  const sizes = product.sizes ?? sizeRange(category.sizes, random);
  const stock = sizes.map((size) => ({ size, stock: stockFor(product.stock, random) }));
  // A product that is not meant to be sold out keeps at least one size in stock.
  if (product.stock !== "sold-out" && stock.every((s) => s.stock === 0))
    stock[Math.floor(stock.length / 2)]!.stock = 4;

  // Spread over the last 90 days: 37 and 90 share no factor, so every product gets its own day.
  const daysAgo = (index * 37) % 90;
  const hours = (index * 7) % 24;
  const createdAt = new Date(Date.now() - daysAgo * DAY_MS - hours * 60 * 60 * 1000);

  const row = {
    name: product.name,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice,
    categoryId: category.id,
    features: product.features,
    care: CARE[product.care],
    customizations: [...category.customizations],
    soldCount: product.sold,
    createdAt,
  };

  const image = {
    seed: 1009 + index * 131,
    palette: palette(product.colour),
    kind: category.garment,
  } satisfies DemoImageOptions;
  return { index, row, stock, image };
}

/** A run of neighbouring sizes from the category's list, at least three long. */
function sizeRange(all: readonly SizeLabel[], random: () => number): SizeLabel[] {
  const first = Math.floor(random() * 2);
  const length = Math.min(all.length - first, 4 + Math.floor(random() * 3));
  return all.slice(first, first + length);
}

function stockFor(level: DemoProduct["stock"], random: () => number): number {
  if (level === "sold-out") return 0;
  if (level === "low") return 1 + Math.floor(random() * 3);
  const roll = random();
  if (roll < 0.12) return 0;
  if (roll < 0.2) return 1 + Math.floor(random() * 3);
  return 4 + Math.floor(random() * 22);
}

async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** The demo's size and fit notes: a model of the shop's usual height in a size the product comes in. */
function demoSizeFit(categoryId: number, sizes: readonly string[]): SizeFit {
  const kids = DEMO_CATEGORIES.find((category) => category.id === categoryId)?.name === KIDS_CATEGORY_NAME;
  const worn = kids ? "6-7" : "S";
  return {
    modelHeight: kids ? "3'10\"" : "5'6\"",
    modelSize: sizes.includes(worn) ? worn : "",
    fit: kids
      ? "Comfortable fit with room to grow; hems can be let down by an inch."
      : "Regular fit; 1.5 inches of margin at the side seams for alterations.",
    fabric: "",
  };
}
