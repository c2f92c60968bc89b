import { relations, sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { DEFAULT_COUNTRY_OF_ORIGIN } from "../../contract/country-of-origin";
import { EMPTY_SIZE_FIT, type SizeFit } from "../../contract/product-editing-rules";
import type { SizeChart } from "../../contract/size-charts";
import type { CustomizationOption } from "../../contract/tailoring-rules";
import { mediaAssets } from "../media/media.tables";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A customisation a product offers, as the database keeps it. */
export type OfferedCustomization = { name: CustomizationOption; chargePaise: number };

export const categories = pgTable("categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  imageId: text("image_id").references(() => mediaAssets.id),
  position: smallint("position").notNull().default(0),
  hidden: boolean("hidden").notNull().default(false),
});

/** A category's size chart as staff set it (contract/size-charts.ts); none: the default chart. */
export const sizeCharts = pgTable("size_charts", {
  categoryId: integer("category_id")
    .primaryKey()
    .references(() => categories.id),
  chart: jsonb("chart").$type<SizeChart>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    pricePaise: integer("price_paise").notNull(),
    originalPricePaise: integer("original_price_paise"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    care: text("care").notNull().default(""),
    /** The product's own size and fit notes (the model's height and size, fit, fabric). */
    sizeFit: jsonb("size_fit").$type<SizeFit>().notNull().default(EMPTY_SIZE_FIT),
    /** The tailoring staff offer on this product, each with its charge (0 when free). */
    customizations: jsonb("customizations").$type<OfferedCustomization[]>().notNull().default([]),
    /** Where the piece was made, as the product page and the GST invoice state it (E-Commerce Rules 2020). */
    countryOfOrigin: text("country_of_origin").notNull().default(DEFAULT_COUNTRY_OF_ORIGIN),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    soldCount: integer("sold_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    searchDocument: tsvector("search_document")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${products.name}), 'A') || setweight(to_tsvector('english', ${products.description}), 'C')`,
      ),
  },
  // Every listing reads live products only, in one of the list's orders with the id as tiebreaker: partial
  // indexes in those orders give the page straight from the index and the total from an index-only count.
  (table) => [
    check("products_price_positive", sql`${table.pricePaise} > 0`),
    index("products_newest_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("products_category_newest_idx")
      .on(table.categoryId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("products_price_idx")
      .on(table.pricePaise, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("products_category_price_idx")
      .on(table.categoryId, table.pricePaise, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("products_bestsellers_idx")
      .on(table.soldCount, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("products_search_idx").using("gin", table.searchDocument),
    // The staff's product list finds a product by a part of its name (any product, hidden ones too).
    index("products_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
  ],
);

/**
 * Every word of product and category names, unstemmed, for correcting a misspelt search: trigram similarity
 * against these few distinct words, not against every product (pg_trgm's documented approach). Filled by
 * triggers on products and categories (drizzle/0004_search-words.sql); a word is kept after its product goes.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (table) => [
  index("search_words_trgm_idx").using("gin", sql`${table.word} gin_trgm_ops`),
]);

export const productImages = pgTable(
  "product_images",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    position: smallint("position").notNull(),
    mediaId: text("media_id")
      .notNull()
      .references(() => mediaAssets.id),
    alt: text("alt").notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

/** Stock is held per product and size; it never goes below zero. */
export const productSizes = pgTable(
  "product_sizes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull(),
    position: smallint("position").notNull(),
    stock: integer("stock").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.size] }),
    check("product_sizes_stock_not_negative", sql`${table.stock} >= 0`),
    // The staff dashboard's "sizes low in stock" and the staff's product list (LOW_STOCK_AT,
    // contract/product-editing-rules.ts).
    index("product_sizes_low_stock_idx")
      .on(table.stock, table.productId)
      .where(sql`${table.stock} <= 5`),
  ],
);

// Relations, for reading a product with its category, pictures and sizes in one query (getProduct).
export const categoryRelations = relations(categories, ({ one }) => ({
  sizeChart: one(sizeCharts, { fields: [categories.id], references: [sizeCharts.categoryId] }),
}));

export const productRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  images: many(productImages),
  sizes: many(productSizes),
}));

export const productImageRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
  asset: one(mediaAssets, { fields: [productImages.mediaId], references: [mediaAssets.id] }),
}));

export const productSizeRelations = relations(productSizes, ({ one }) => ({
  product: one(products, { fields: [productSizes.productId], references: [products.id] }),
}));
