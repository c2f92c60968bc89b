import { asc, eq, sql } from "drizzle-orm";
import {
  DEFAULT_SIZE_CHARTS,
  KIDS_CATEGORY_NAME,
  SIZE_CHART_MESSAGES,
  type SizeChart,
  type StaffSizeChart,
} from "../../contract/size-charts";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import type { CatalogChange } from "./catalog-changes";
import { categories, sizeCharts } from "./catalog.tables";

/** The chart a category shows until staff chart it. */
export const defaultSizeChart = (categoryName: string): SizeChart =>
  categoryName === KIDS_CATEGORY_NAME ? DEFAULT_SIZE_CHARTS.kids : DEFAULT_SIZE_CHARTS.women;

/** Staff read and replace the categories' size charts (the Size Guide of every product in the category). */
export function createSizeCharts({
  db,
  announce,
}: {
  db: Database;
  announce: (change: CatalogChange) => void;
}) {
  async function list(): Promise<StaffSizeChart[]> {
    const rows = await db
      .select({ id: categories.id, name: categories.name, chart: sizeCharts.chart })
      .from(categories)
      .leftJoin(sizeCharts, eq(sizeCharts.categoryId, categories.id))
      .orderBy(asc(categories.position), asc(categories.id));
    return rows.map((row) => ({
      category: { id: row.id, name: row.name },
      chart: row.chart ?? defaultSizeChart(row.name),
      charted: row.chart !== null,
    }));
  }

  async function save(categoryId: number, chart: SizeChart): Promise<StaffSizeChart> {
    const [category] = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw notFound(SIZE_CHART_MESSAGES.categoryNotFound);
    await db
      .insert(sizeCharts)
      .values({ categoryId, chart })
      .onConflictDoUpdate({ target: sizeCharts.categoryId, set: { chart, updatedAt: sql`now()` } });
    // Every product answer and page of the category shows the chart: drop what was kept of the catalog.
    announce({ categories: true });
    return { category, chart, charted: true };
  }

  return { list, save };
}
