import { EMPTY_SIZE_FIT } from "../contract/product-editing-rules";
import { sql } from "drizzle-orm";
import type { SizeLabel } from "../contract/catalog";
import { PRICE_BANDS } from "../contract/catalog-options";
import { insertCategories, insertProducts, type NewProduct } from "../server/catalog/product-editing";
import type { Database } from "../server/db/client";
import {
  CARE,
  DEMO_CATEGORIES,
  DEMO_COLOURS,
  DEMO_PRODUCTS,
  type DemoProduct,
} from "../server/db/demo-catalog-data";
import { renderDemoImage, seededRandom, type DemoImageOptions } from "../server/db/demo-images";
import type { MediaService } from "../server/media/media.service";

/**
 * A catalog of any size for the benchmarks, written into an empty database by the catalog's writers: the
 * five demo categories, and products whose names, descriptions, features and care notes are recombined
 * from the demo catalog, priced across the four price bands, with two images each and stock per size.
 * Only 15 images are encoded (a front and a detail view per category, and the category images);
 * every product reuses those of its category. The same count always gives the same products (with
 * dates counted back from now).
 */
export async function generateCatalog({
  db,
  media,
  count,
}: {
  db: Database;
  media: MediaService;
  count: number;
}): Promise<{ firstId: number; lastId: number }> {
  const random = seededRandom(20_260_101);
  const images = await storeImages(media);

  // Through the catalog's writers, as the demo seed and add-product go; in batches, in one transaction.
  const ids = await db.transaction(async (tx) => {
    await insertCategories(
      tx,
      DEMO_CATEGORIES.map((category) => ({
        id: category.id,
        name: category.name,
        description: category.description,
        imageId: images.get(`category:${category.id}`)!,
        position: category.id,
      })),
    );
    return insertProducts(
      tx,
      Array.from({ length: count }, () => planProduct(random, images)),
    );
  });
  const range = { firstId: Math.min(...ids), lastId: Math.max(...ids) };
  // A live store's tables have been vacuumed and analyzed by autovacuum; freshly filled ones not yet.
  await db.execute(sql`vacuum analyze`);
  return range;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function storeImages(media: MediaService): Promise<Map<string, string>> {
  const jobs: [string, DemoImageOptions][] = DEMO_CATEGORIES.flatMap((category) => {
    const [main, contrast, accent] = DEMO_COLOURS[category.colour];
    const palette: [string, string, string] = [main, contrast, accent];
    return [
      [
        `category:${category.id}`,
        { seed: 7001 + category.id * 101, palette, kind: "category", label: category.name },
      ],
      [
        `${category.id}:front`,
        { seed: 90_001 + category.id, palette, kind: category.garment, view: "front" },
      ],
      [
        `${category.id}:detail`,
        { seed: 90_001 + category.id, palette, kind: category.garment, view: "detail" },
      ],
    ];
  });
  const ids = new Map<string, string>();
  // The three images of a category at a time: sharp encodes on its own threads.
  for (let i = 0; i < jobs.length; i += 3) {
    await Promise.all(
      jobs.slice(i, i + 3).map(async ([key, options]) => {
        const asset = await media.store(await renderDemoImage(options), { avifEffort: 0 });
        ids.set(key, asset.id);
      }),
    );
  }
  return ids;
}

function planProduct(random: () => number, images: Map<string, string>): NewProduct {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const category = pick(DEMO_CATEGORIES);
  const siblings = DEMO_PRODUCTS.filter((product) => product.category === category.id);
  const garment = pick(siblings);
  const detail = pick(siblings);

  const band = pick(PRICE_BANDS);
  const top = Math.min(band.max ?? Infinity, band.min + 15_000);
  const price = Math.max(499, Math.round((band.min + random() * (top - band.min)) / 100) * 100 - 1);
  const discounted = random() < 0.4;
  const reviews = random() < 0.6 ? Math.floor(random() * 200) : 0;

  const name = `${splitColour(pick(DEMO_PRODUCTS).name).colour} ${splitColour(garment.name).rest}`;
  const originalPrice = discounted ? Math.round((price * (1.1 + random() * 0.3)) / 100) * 100 - 1 : undefined;
  const rating = reviews > 0 ? Math.round((3.5 + random() * 1.5) * 10) / 10 : 0;
  const soldCount = Math.floor(random() ** 3 * 600);
  const createdAt = new Date(Date.now() - Math.floor(random() * 730 * DAY_MS));

  const first = Math.floor(random() * 2);
  const sizes: SizeLabel[] = category.sizes.slice(first, first + 4 + Math.floor(random() * 3));
  const stock = sizes.map((size) => {
    const roll = random();
    return [
      size,
      roll < 0.12 ? 0 : roll < 0.2 ? 1 + Math.floor(random() * 3) : 4 + Math.floor(random() * 22),
    ] as const;
  });
  const views = ["front", "detail"] as const;
  return {
    draft: {
      name,
      description: [firstSentence(garment), otherSentences(detail)].join(" "),
      price,
      originalPrice,
      category: category.id,
      size: sizes,
      stock: Object.fromEntries(stock),
      availableQunatity: 0,
      images: views.map((view) => images.get(`${category.id}:${view}`)!),
      features: garment.features,
      care: CARE[garment.care],
      sizeFit: EMPTY_SIZE_FIT,
      customizations: [...category.customizations],
    },
    extras: {
      createdAt,
      soldCount,
      rating,
      reviewCount: reviews,
      alts: views.map((view) => `${name} – ${view} view`),
    },
  };
}

/** "Blush Pink Chanderi Anarkali" -> colour "Blush Pink", rest "Chanderi Anarkali". */
function splitColour(name: string) {
  const words = name.split(" ");
  const length =
    words[1] === "and" ? 3 : ["Pink", "Blue", "Green", "Yellow", "Mint"].includes(words[1]!) ? 2 : 1;
  return { colour: words.slice(0, length).join(" "), rest: words.slice(length).join(" ") };
}

const sentences = (product: DemoProduct) => product.description.split(/(?<=\.) /);
const firstSentence = (product: DemoProduct) => sentences(product)[0]!;
const otherSentences = (product: DemoProduct) => sentences(product).slice(1).join(" ");
