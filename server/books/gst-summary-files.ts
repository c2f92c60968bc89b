import writeXlsxFile, { type Row, type Sheet } from "write-excel-file/node";
import type { GstSummaryPaise, PaiseAmounts } from "../gst/gst-summary";
import { Amount, csvFile, csvLine, type CsvCell } from "./csv";

/** One table of the summary: the same rows go into the CSV (one after another) and a sheet each. */
type Table = { title: string; sheet: string; headers: string[]; rows: CsvCell[][] };

const AMOUNT_HEADERS = ["Taxable value", "CGST", "SGST", "IGST", "Total"];
const amountCells = (row: PaiseAmounts): CsvCell[] => [
  new Amount(row.taxablePaise),
  new Amount(row.cgstPaise),
  new Amount(row.sgstPaise),
  new Amount(row.igstPaise),
  new Amount(row.totalPaise),
];
const percent = (rateBp: number) => rateBp / 100;
const KIND_NAMES = { invoice: "Invoice", "credit-note": "Credit note" } as const;

/** The supplier the summary is of, as the settings name it. */
export type Supplier = { legalName: string; gstin: string };

function tablesOf(summary: GstSummaryPaise): Table[] {
  return [
    {
      title: "B2C supplies by place of supply and rate (credit notes of the month taken off)",
      sheet: "B2C",
      headers: ["Place of supply", "Rate (%)", ...AMOUNT_HEADERS],
      rows: summary.b2c.map((row) => [row.placeOfSupply, percent(row.rateBp), ...amountCells(row)]),
    },
    {
      title: "HSN summary (credit notes of the month taken off)",
      sheet: "HSN",
      headers: ["HSN/SAC", "UQC", "Quantity", "Rate (%)", ...AMOUNT_HEADERS],
      rows: summary.hsn.map((row) => [
        row.hsn,
        // Pieces are counted in numbers; a service's SAC (99…, the delivery charge) has no quantity unit.
        row.hsn.startsWith("99") ? "NA" : "NOS",
        row.quantity,
        percent(row.rateBp),
        ...amountCells(row),
      ]),
    },
    {
      title: "Invoices and credit notes",
      sheet: "Documents",
      headers: ["Type", "Number", "Date", "Order", "Against invoice", "Place of supply", ...AMOUNT_HEADERS],
      rows: summary.documents.map((row) => [
        KIND_NAMES[row.kind],
        row.number,
        row.date,
        row.orderId,
        row.invoiceNumber,
        row.placeOfSupply,
        ...amountCells(row),
      ]),
    },
    {
      title: "Documents issued",
      sheet: "Series",
      headers: ["Type", "From", "To", "Count"],
      rows: summary.series.map((row) => [KIND_NAMES[row.kind], row.from, row.to, row.count]),
    },
    {
      title: "Totals",
      sheet: "Totals",
      headers: ["", "Documents", ...AMOUNT_HEADERS],
      rows: [
        ["Invoices", summary.invoices.count, ...amountCells(summary.invoices)],
        ["Credit notes", summary.creditNotes.count, ...amountCells(summary.creditNotes)],
        ["Net", null, ...amountCells(summary.net)],
      ],
    },
  ];
}

const heading = (summary: GstSummaryPaise, supplier: Supplier) =>
  `GST summary of ${summary.month}: ${supplier.legalName}, GSTIN ${supplier.gstin}`;

/** The summary as CSV: a heading line, then each table under its title, a blank line between. */
export function gstSummaryCsv(summary: GstSummaryPaise, supplier: Supplier): string {
  const lines = [csvLine([heading(summary, supplier)])];
  for (const table of tablesOf(summary))
    lines.push("", csvLine([table.title]), csvLine(table.headers), ...table.rows.map(csvLine));
  return csvFile(lines);
}

/** The summary as an .xlsx workbook: a sheet per table, amounts as numbers in rupees with two decimals. */
export async function gstSummaryXlsx(summary: GstSummaryPaise, supplier: Supplier): Promise<Buffer> {
  const sheets: Sheet<Buffer>[] = tablesOf(summary).map((table, index) => {
    const titleRows: Row[] = [
      ...(index === 0 ? [[{ value: heading(summary, supplier), fontWeight: "bold" as const }]] : []),
      [{ value: table.title, fontWeight: "bold" as const }],
    ];
    return {
      sheet: table.sheet,
      stickyRowsCount: titleRows.length + 1,
      columns: table.headers.map((header) => ({ width: Math.max(16, header.length + 2) })),
      data: [
        ...titleRows,
        table.headers.map((header) => ({ value: header, fontWeight: "bold" as const })),
        ...table.rows.map((row) =>
          row.map((cell) =>
            cell instanceof Amount
              ? { value: cell.paise / 100, type: Number, format: "#,##0.00" }
              : cell === null
                ? null
                : { value: cell },
          ),
        ),
      ],
    };
  });
  return writeXlsxFile(sheets).toBuffer();
}
