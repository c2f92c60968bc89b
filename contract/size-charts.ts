import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";

/**
 * A category's size chart: the body measurements it gives (each in inches or centimetres) and one row per
 * size. The Size Guide shows inch measurements in centimetres too. A category staff have not charted shows
 * the store's default for women or for kids (DEFAULT_SIZE_CHARTS).
 */
export const SIZE_CHART_MESSAGES = {
  saved: "Size chart saved.",
  categoryNotFound: "Category not found",
  measurementName: "Name each measurement (at most 30 characters).",
  measurements: "A chart has 1 to 6 measurements.",
  rows: "A chart has 1 to 20 sizes.",
  size: "Name each size (at most 12 characters).",
  value: "Use a number or a range such as 92-98.",
  valueCount: "Give a value for every measurement of each size.",
  duplicateSize: "Each size appears once.",
  unit: "Give the measurement in inches or cm.",
} as const;

export const MEASUREMENT_UNITS = ["in", "cm"] as const;

const measurementValue = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?(-\d{1,3}(\.\d{1,2})?)?\+?$/, { error: SIZE_CHART_MESSAGES.value });

export const sizeChart = z
  .object({
    measurements: z
      .array(
        z.object({
          name: z
            .string({ error: SIZE_CHART_MESSAGES.measurementName })
            .trim()
            .min(1, { error: SIZE_CHART_MESSAGES.measurementName })
            .max(30, { error: SIZE_CHART_MESSAGES.measurementName }),
          unit: z.enum(MEASUREMENT_UNITS, { error: SIZE_CHART_MESSAGES.unit }),
        }),
      )
      .min(1, { error: SIZE_CHART_MESSAGES.measurements })
      .max(6, { error: SIZE_CHART_MESSAGES.measurements }),
    rows: z
      .array(
        z.object({
          size: z
            .string({ error: SIZE_CHART_MESSAGES.size })
            .trim()
            .min(1, { error: SIZE_CHART_MESSAGES.size })
            .max(12, { error: SIZE_CHART_MESSAGES.size }),
          values: z.array(measurementValue).max(6),
        }),
      )
      .min(1, { error: SIZE_CHART_MESSAGES.rows })
      .max(20, { error: SIZE_CHART_MESSAGES.rows }),
  })
  .superRefine(
    (chart, context) => {
      // Run also when cells are wrong, so that every problem is told at once, each at its own cell (decision
      // 040): the chart as sent may then be malformed, so each part is looked at only when it is there.
      const columns = Array.isArray(chart?.measurements) ? chart.measurements.length : 0;
      const rows = Array.isArray(chart?.rows) ? chart.rows : [];
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (Array.isArray(row?.values) && columns > 0 && row.values.length !== columns)
          context.addIssue({
            code: "custom",
            path: ["rows", index, "values"],
            message: SIZE_CHART_MESSAGES.valueCount,
          });
        const size = typeof row?.size === "string" ? row.size.trim().toLowerCase() : "";
        if (size && seen.has(size))
          context.addIssue({
            code: "custom",
            path: ["rows", index, "size"],
            message: SIZE_CHART_MESSAGES.duplicateSize,
          });
        seen.add(size);
      });
    },
    { when: () => true },
  );
export type SizeChart = z.infer<typeof sizeChart>;

/** The charts a category has until staff chart it: kids' sizes by age, everyone else's XS to XXXL. */
export const DEFAULT_SIZE_CHARTS: { women: SizeChart; kids: SizeChart } = {
  women: {
    measurements: [
      { name: "Bust", unit: "in" },
      { name: "Waist", unit: "in" },
      { name: "Hip", unit: "in" },
      { name: "Shoulder", unit: "in" },
    ],
    rows: [
      { size: "XS", values: ["32", "26", "34", "13.5"] },
      { size: "S", values: ["34", "28", "36", "14"] },
      { size: "M", values: ["36", "30", "38", "14.5"] },
      { size: "L", values: ["38", "32", "40", "15"] },
      { size: "XL", values: ["40", "34", "42", "15.5"] },
      { size: "XXL", values: ["42", "36", "44", "16"] },
      { size: "XXXL", values: ["44", "38", "46", "16.5"] },
    ],
  },
  kids: {
    measurements: [
      { name: "Chest", unit: "in" },
      { name: "Waist", unit: "in" },
      { name: "Height", unit: "cm" },
    ],
    rows: [
      { size: "2-3", values: ["22", "20", "92-98"] },
      { size: "4-5", values: ["23", "21", "104-110"] },
      { size: "6-7", values: ["25", "22", "116-122"] },
      { size: "8-9", values: ["27", "23", "128-134"] },
      { size: "10-11", values: ["29", "24", "140-146"] },
      { size: "12-13", values: ["31", "25", "152-158"] },
      { size: "14+", values: ["33", "26", "164+"] },
    ],
  },
};

/** The category whose chart is the kids' default (the spec's fifth category). */
export const KIDS_CATEGORY_NAME = "Kids";

export const staffSizeChart = z.object({
  category: z.object({ id: z.number().int(), name: z.string() }),
  chart: sizeChart,
  /** False while the category shows the default chart. */
  charted: z.boolean(),
});
export type StaffSizeChart = z.infer<typeof staffSizeChart>;

export const saveSizeChartRequest = z.object({
  categoryId: idField(SIZE_CHART_MESSAGES.categoryNotFound),
  chart: sizeChart,
});

export const staffSizeChartsCall = defineCall({
  method: "GET",
  path: "/admin/size-charts",
  tag: "catalog",
  description: "Staff only. Every category's size chart, as its Size Guide shows it.",
  output: envelope(z.array(staffSizeChart)),
});

export const saveSizeChartCall = defineCall({
  method: "POST",
  path: "/admin/size-charts/save",
  tag: "catalog",
  description: "Staff only. Replaces a category's size chart; its products' Size Guide shows it at once.",
  body: saveSizeChartRequest,
  output: envelope(staffSizeChart),
});
