import type { MEASUREMENT_UNITS, SizeChart } from "#contract/size-charts";

/**
 * A category's size chart as its form lays it out: every measurement column and size row the form has, the
 * blank ones it offers for adding too. The fields are named `m{column}-name`, `m{column}-unit`,
 * `r{row}-size` and `r{row}-v{column}`.
 */
export type ChartLayout = {
  measurements: { name: string; unit: (typeof MEASUREMENT_UNITS)[number] }[];
  rows: { size: string; values: string[] }[];
};

/** At most this many columns or rows are read from a posted form. */
const MAX_FIELDS = 40;

export const measurementField = (column: number, part: "name" | "unit") => `m${column}-${part}`;
export const sizeField = (row: number) => `r${row}-size`;
export const valueField = (row: number, column: number) => `r${row}-v${column}`;

/** The layout a category's form posted, blank columns and rows included. */
export function postedLayout(form: FormData): ChartLayout {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const count = (name: string) => Math.min(MAX_FIELDS, Math.max(0, Number(text(name)) || 0));
  const columns = [...Array(count("measurementCount")).keys()];
  return {
    measurements: columns.map((column) => ({
      name: text(measurementField(column, "name")),
      unit: text(measurementField(column, "unit")) === "cm" ? "cm" : "in",
    })),
    rows: [...Array(count("rowCount")).keys()].map((row) => ({
      size: text(sizeField(row)),
      values: columns.map((column) => text(valueField(row, column))),
    })),
  };
}

/**
 * The chart a layout gives: a measurement without a name and a row left blank are dropped. `columnAt` and
 * `rowAt` give the form's column and row of each of the chart's, to mark a cell the server names.
 */
export function chartOf(layout: ChartLayout): { chart: SizeChart; columnAt: number[]; rowAt: number[] } {
  const columnAt = layout.measurements.flatMap((measurement, column) =>
    measurement.name.trim() === "" ? [] : [column],
  );
  const rowAt = layout.rows.flatMap((row, index) =>
    row.size.trim() === "" && columnAt.every((column) => (row.values[column] ?? "").trim() === "")
      ? []
      : [index],
  );
  return {
    chart: {
      measurements: columnAt.map((column) => layout.measurements[column]!),
      rows: rowAt.map((index) => ({
        size: layout.rows[index]!.size,
        values: columnAt.map((column) => layout.rows[index]!.values[column] ?? ""),
      })),
    },
    columnAt,
    rowAt,
  };
}

/**
 * The server's errors (`chart.rows.2.values.1`: the chart's row 2, column 1) at the form's fields, and those
 * of no one cell (a chart with no size). A row's own problem (a value missing) is shown at its size.
 */
export function fieldErrors(
  errors: Record<string, string> | undefined,
  { columnAt, rowAt }: { columnAt: number[]; rowAt: number[] },
): { cells: Record<string, string>; general: string[] } {
  const cells: Record<string, string> = {};
  const general: string[] = [];
  for (const [path, message] of Object.entries(errors ?? {})) {
    const parts = path.split(".");
    const at = (list: number[], index: string | undefined) =>
      index !== undefined && /^\d+$/.test(index) ? list[Number(index)] : undefined;
    let field: string | undefined;
    if (parts[0] === "chart" && parts[1] === "measurements") {
      const column = at(columnAt, parts[2]);
      if (column !== undefined && (parts[3] === "name" || parts[3] === "unit"))
        field = measurementField(column, parts[3]);
    } else if (parts[0] === "chart" && parts[1] === "rows") {
      const row = at(rowAt, parts[2]);
      if (row !== undefined && parts[3] === "values" && parts[4] !== undefined) {
        const column = at(columnAt, parts[4]);
        if (column !== undefined) field = valueField(row, column);
      } else if (row !== undefined && (parts[3] === "size" || parts[3] === "values")) field = sizeField(row);
    }
    if (field) cells[field] ??= message;
    else if (!general.includes(message)) general.push(message);
  }
  return { cells, general };
}
