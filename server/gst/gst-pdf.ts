import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatPaiseExact as formatPaise } from "../../contract/money";
import { STORE } from "../../contract/store";
import type { GstLine, gstDocuments } from "./gst.tables";
import { formatRate } from "./gst-tax";

type DocumentRow = typeof gstDocuments.$inferSelect;

// DejaVu Sans has the rupee sign (₹), which PDF's standard fonts lack; read once, embedded as a subset.
const fontFile = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= { regular: fontFile("DejaVuSans.ttf"), bold: fontFile("DejaVuSans-Bold.ttf") });

const INK = "#2d1b24";
const MUTED = "#6b5560";
const BRAND = "#8b1e3f";
const RULE = "#e8d5dc";

/** "24 Nov 2026", India's day. */
const indianDay = (moment: Date) =>
  moment.toLocaleDateString("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "2-digit",
    month: "short",
    year: "numeric",
  });

/**
 * A line's item cell: what it is, its size, where it was made (invoices issued since products had it) and the
 * discount taken off it for paying online.
 */
const itemText = (line: GstLine) =>
  [
    line.description,
    line.size ? `Size ${line.size}` : "",
    line.countryOfOrigin ? `Country of origin: ${line.countryOfOrigin}` : "",
    line.discountPaise ? `Less ${formatPaise(line.discountPaise)} discount for paying online` : "",
  ]
    .filter(Boolean)
    .join("\n");

/**
 * Draws a tax invoice or a credit note (A4) from its row: supplier, recipient, place of supply, and per line
 * the HSN code, quantity, price, taxable value, rate and tax, then the totals. `invoice` is the invoice a
 * credit note reverses.
 */
export function renderGstDocument(
  document: DocumentRow & { orderPublicId: string },
  invoice?: DocumentRow,
): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: "A4",
    margin: 36,
    info: {
      Title: `${document.kind === "invoice" ? "Tax invoice" : "Credit note"} ${document.number}`,
      Author: document.supplier.legalName,
    },
  });
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const left = 36;
  const width = pdf.page.width - 72;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    pdf.text(value, x, y, { lineBreak: true, ...options });

  // Heading: the supplier on the left, the document's title and number on the right.
  const title = document.kind === "invoice" ? "TAX INVOICE" : "CREDIT NOTE";
  pdf.font("bold").fontSize(16).fillColor(BRAND);
  text(STORE.name, left, 36, { width: width * 0.6 });
  pdf.font("bold").fontSize(9).fillColor(INK);
  text(document.supplier.legalName, left, pdf.y + 2, { width: width * 0.6 });
  pdf.font("regular").fontSize(8.5).fillColor(MUTED);
  text(document.supplier.address, left, pdf.y + 1, { width: width * 0.6 });
  text(
    `GSTIN ${document.supplier.gstin} · State ${document.supplier.stateCode}-${document.supplier.state}`,
    left,
    pdf.y + 1,
    {
      width: width * 0.6,
    },
  );
  const supplierBottom = pdf.y;

  const metaX = left + width * 0.62;
  const metaWidth = width * 0.38;
  pdf.font("bold").fontSize(14).fillColor(INK);
  text(title, metaX, 36, { width: metaWidth, align: "right" });
  const meta: [string, string][] = [
    [document.kind === "invoice" ? "Invoice no." : "Credit note no.", document.number],
    ["Date", indianDay(document.issuedAt)],
    ["Order", document.orderPublicId],
    ...(invoice
      ? ([
          ["Against invoice", invoice.number],
          ["Invoice date", indianDay(invoice.issuedAt)],
        ] as [string, string][])
      : []),
  ];
  let metaY = pdf.y + 4;
  for (const [label, value] of meta) {
    pdf.font("regular").fontSize(8.5).fillColor(MUTED);
    text(label, metaX, metaY, { width: metaWidth * 0.45 });
    pdf.font("bold").fillColor(INK);
    text(value, metaX + metaWidth * 0.45, metaY, { width: metaWidth * 0.55, align: "right" });
    metaY = pdf.y + 2;
  }

  // Recipient and place of supply.
  let y = Math.max(supplierBottom, metaY) + 14;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  y += 10;
  pdf.font("bold").fontSize(8.5).fillColor(MUTED);
  text("BILL TO / SHIP TO", left, y, { width: width * 0.6 });
  text("PLACE OF SUPPLY", metaX, y, { width: metaWidth, align: "right" });
  pdf.font("bold").fontSize(10).fillColor(INK);
  text(document.recipient.name, left, pdf.y + 2, { width: width * 0.6 });
  const recipientTop = pdf.y;
  pdf.font("regular").fontSize(8.5).fillColor(INK);
  text(`${document.recipient.address}\nPhone ${document.recipient.phone}`, left, recipientTop + 1, {
    width: width * 0.6,
  });
  const recipientBottom = pdf.y;
  pdf.font("bold").fontSize(10);
  text(document.placeOfSupply, metaX, recipientTop - 12, { width: metaWidth, align: "right" });
  pdf.font("regular").fontSize(8.5).fillColor(MUTED);
  text(document.intraState ? "Within the state: CGST + SGST" : "Another state: IGST", metaX, pdf.y + 1, {
    width: metaWidth,
    align: "right",
  });
  y = Math.max(recipientBottom, pdf.y) + 14;

  // The lines.
  const taxColumns = document.intraState
    ? [
        { label: "CGST", key: "cgstPaise" as const, width: 56 },
        { label: "SGST", key: "sgstPaise" as const, width: 56 },
      ]
    : [{ label: "IGST", key: "igstPaise" as const, width: 56 }];
  const columns = [
    { label: "#", width: 16, align: "left" as const },
    { label: "Item", width: document.intraState ? 118 : 174, align: "left" as const },
    { label: "HSN", width: 36, align: "left" as const },
    { label: "Qty", width: 24, align: "right" as const },
    { label: "Unit price", width: 60, align: "right" as const },
    { label: "Taxable value", width: 64, align: "right" as const },
    { label: "GST", width: 30, align: "right" as const },
    ...taxColumns.map((column) => ({ label: column.label, width: column.width, align: "right" as const })),
    { label: "Total", width: 63, align: "right" as const },
  ];
  const row = (cells: string[], font: "regular" | "bold", color = INK) => {
    pdf.font(font).fontSize(8).fillColor(color);
    let x = left;
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      text(cell, x + 2, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    });
    y = bottom + 5;
  };
  pdf.rect(left, y - 4, width, 18).fill("#fbf1f4");
  row(
    columns.map((column) => column.label),
    "bold",
    MUTED,
  );
  document.lines.forEach((line, index) => {
    if (y > pdf.page.height - 160) {
      pdf.addPage();
      y = 36;
    }
    row(
      [
        String(index + 1),
        itemText(line),
        line.hsn,
        String(line.quantity),
        formatPaise(line.unitPricePaise + line.customisationPaise),
        formatPaise(line.taxablePaise),
        formatRate(line.rateBp),
        ...taxColumns.map((column) => formatPaise(line[column.key])),
        formatPaise(line.totalPaise),
      ],
      "regular",
    );
    pdf
      .moveTo(left, y - 2)
      .lineTo(left + width, y - 2)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  });

  // Totals.
  y += 6;
  const totals: [string, number][] = [
    ["Taxable value", document.taxablePaise],
    ...(document.intraState
      ? ([
          ["CGST", document.cgstPaise],
          ["SGST", document.sgstPaise],
        ] as [string, number][])
      : ([["IGST", document.igstPaise]] as [string, number][])),
  ];
  const labelX = left + width - 250;
  for (const [label, paise] of totals) {
    pdf.font("regular").fontSize(9).fillColor(INK);
    text(label, labelX, y, { width: 150 });
    text(formatPaise(paise), labelX + 150, y, { width: 100, align: "right" });
    y = pdf.y + 3;
  }
  pdf
    .moveTo(labelX, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += 5;
  pdf.font("bold").fontSize(11).fillColor(INK);
  text(document.kind === "invoice" ? "Total (GST included)" : "Credited (GST included)", labelX, y, {
    width: 150,
  });
  text(formatPaise(document.totalPaise), labelX + 150, y, { width: 100, align: "right" });
  y = pdf.y + 16;

  pdf.font("regular").fontSize(8).fillColor(MUTED);
  const notes = [
    ...(document.reason ? [`Reason: ${document.reason}.`] : []),
    "Prices include GST: the tax shown is contained in each line's price, rounded to the paisa.",
    "Tax payable on reverse charge: No.",
    "A computer-generated document; no signature is required.",
  ];
  text(notes.join("\n"), left, y, { width });
  pdf.end();
  return done;
}
