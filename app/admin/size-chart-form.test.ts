import { describe, expect, it } from "vitest";
import { SIZE_CHART_MESSAGES } from "#contract/size-charts";
import { chartOf, fieldErrors, postedLayout } from "./size-chart-form";

/** A posted form of three measurement columns (the second left blank) and four rows (the third blank). */
function posted() {
  const form = new FormData();
  const fields: Record<string, string> = {
    measurementCount: "3",
    rowCount: "4",
    "m0-name": "Bust",
    "m0-unit": "in",
    "m1-name": " ",
    "m1-unit": "in",
    "m2-name": "Length",
    "m2-unit": "cm",
    "r0-size": "S",
    "r0-v0": "34",
    "r0-v2": "abc",
    "r1-size": "M",
    "r1-v0": "36",
    "r1-v2": "39",
    "r2-size": "",
    "r3-size": "",
    "r3-v0": "40",
    "r3-v2": "41",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("a size chart's form", () => {
  it("drops blank columns and rows, and knows where each of the chart's cells came from", () => {
    const { chart, columnAt, rowAt } = chartOf(postedLayout(posted()));
    expect(chart).toEqual({
      measurements: [
        { name: "Bust", unit: "in" },
        { name: "Length", unit: "cm" },
      ],
      rows: [
        { size: "S", values: ["34", "abc"] },
        { size: "M", values: ["36", "39"] },
        { size: "", values: ["40", "41"] },
      ],
    });
    expect(columnAt).toEqual([0, 2]);
    expect(rowAt).toEqual([0, 1, 3]);
  });

  it("puts each of the server's errors at the form's own cell, and the rest above the form", () => {
    const { columnAt, rowAt } = chartOf(postedLayout(posted()));
    const errors = fieldErrors(
      {
        "chart.rows.0.values.1": SIZE_CHART_MESSAGES.value,
        "chart.rows.2.size": SIZE_CHART_MESSAGES.size,
        "chart.rows.1.values": SIZE_CHART_MESSAGES.valueCount,
        "chart.measurements.1.name": SIZE_CHART_MESSAGES.measurementName,
        "chart.measurements.1.unit": SIZE_CHART_MESSAGES.unit,
        "chart.rows": SIZE_CHART_MESSAGES.rows,
        categoryId: "Category not found",
        "chart.rows.9.size": SIZE_CHART_MESSAGES.size,
      },
      { columnAt, rowAt },
    );
    expect(errors.cells).toEqual({
      "r0-v2": SIZE_CHART_MESSAGES.value,
      "r3-size": SIZE_CHART_MESSAGES.size,
      "r1-size": SIZE_CHART_MESSAGES.valueCount,
      "m2-name": SIZE_CHART_MESSAGES.measurementName,
      "m2-unit": SIZE_CHART_MESSAGES.unit,
    });
    expect(errors.general).toEqual([
      SIZE_CHART_MESSAGES.rows,
      "Category not found",
      SIZE_CHART_MESSAGES.size,
    ]);
  });
});
