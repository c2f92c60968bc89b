/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, a quote or a line break quoted, quotes
 * doubled, lines ended by CRLF, and a byte-order mark first so that Excel reads UTF-8 (₹, names in any
 * script). Text that a spreadsheet would take for a formula (=, +, -, @, a tab or a carriage return first)
 * is written with a leading apostrophe, so a shopper's name can never run as one (CSV injection).
 */
export type CsvCell = string | number | null | Amount;

/** An amount of money, written as rupees with two decimals and never taken for a formula. */
export class Amount {
  constructor(readonly paise: number) {}
}

const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  if (cell instanceof Amount) return rupeesText(cell.paise);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]) => cells.map(field).join(",");

export const csvFile = (lines: readonly string[]) => `\uFEFF${lines.join("\r\n")}\r\n`;

/** Paise as rupees with two decimals ("-1234.50"), exactly: no float rounding on the way. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
