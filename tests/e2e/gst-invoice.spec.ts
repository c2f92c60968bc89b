import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { formatPaiseExact as formatPaise } from "../../contract/money";
import { taxLine } from "../../server/gst/gst-tax";
import {
  STAFF,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  paidOrder,
  productInStock,
  signIn,
} from "./support";

/** The seeded apparel rates (migration 0010): 5 % up to ₹2,500 a piece, 18 % above. */
const RATES = { thresholdPaise: 250_000, lowRateBp: 500, highRateBp: 1800 };

/**
 * Clicks a download link and keeps the PDF, a picture of its first page (pdftoppm, to look at) and its
 * text (pdftotext), in the test's output folder.
 */
async function download(page: Page, link: Locator, testInfo: TestInfo, name: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const pdfPath = testInfo.outputPath(`${name}.pdf`);
  await file.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
  execFileSync("pdftoppm", ["-png", "-r", "110", "-singlefile", pdfPath, testInfo.outputPath(name)]);
  await testInfo.attach(`${name}.png`, {
    path: testInfo.outputPath(`${name}.png`),
    contentType: "image/png",
  });
  return {
    fileName: file.suggestedFilename(),
    text: execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString(),
  };
}

test("the shopper downloads the GST invoice of a paid order; staff cancel it and the credit note follows", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { email, orderId } = await paidOrder(page, baseURL!, (await productInStock(page)).id);

  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  const order = (await (await page.request.get(`/api/orders/get-order?id=${orderId}`)).json()).data;
  const invoiceLink = page.getByRole("link", { name: "Download GST invoice" });
  await expect(invoiceLink).toBeVisible();
  await expect(page.getByText(/^Tax invoice INV\/\d\d-\d\d\/\d{6}$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await lookAt(page, "shopper-order", { fullPage: true });

  const invoice = await download(page, invoiceLink, testInfo, "invoice");
  expect(invoice.fileName).toMatch(/^GST-invoice-INV-\d\d-\d\d-\d{6}\.pdf$/);
  const invoiceNumber = (await page.getByText(/^Tax invoice INV\//).textContent())!.replace(
    "Tax invoice ",
    "",
  );
  // The checkout's address is in Chennai: another state than the store's, so IGST at Tamil Nadu's code.
  for (const expected of ["TAX INVOICE", invoiceNumber, orderId, "33-Tamil Nadu", "IGST"])
    expect(invoice.text).toContain(expected);
  const item = order.items[0];
  const taxed = taxLine(
    { unitPricePaise: Math.round(item.price * 100), quantity: item.quantity },
    RATES,
    false,
  );
  const line = invoice.text.split("\n").find((row) => row.includes(item.name.slice(0, 20))) ?? "";
  expect(line).toContain(`${formatPaise(taxed.taxablePaise)}`);
  expect(line).toContain(`${taxed.rateBp / 100}%`);
  expect(line).toContain(`${formatPaise(taxed.igstPaise)}`);
  // GST documents write two decimals; the total is the order's, its delivery charge's line included.
  expect(invoice.text).toMatch(
    new RegExp(
      `Total \\(GST included\\)\\s+${formatPaise(Math.round(order.totalAmount * 100)).replace(/[.₹]/g, "\\$&")}`,
    ),
  );

  // Staff see the same link on their order page, and cancelling the paid order issues the credit note.
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await expect(page.getByRole("link", { name: "Download GST invoice" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download credit note" })).toHaveCount(0);
  await page.getByText("Cancel order…").click();
  await page.getByLabel("A piece is out of stock or damaged").check();
  await page.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(page.getByText("Order marked Cancelled.")).toBeVisible();
  const creditNoteLink = page.getByRole("link", { name: "Download credit note" });
  await expect(creditNoteLink).toBeVisible();
  await lookAt(page, "staff-order", { fullPage: true });
  const creditNote = await download(page, creditNoteLink, testInfo, "credit-note");
  expect(creditNote.fileName).toMatch(/^GST-credit-note-CN-\d\d-\d\d-\d{6}\.pdf$/);
  for (const expected of ["CREDIT NOTE", "Against invoice", invoiceNumber, "Credited (GST included)"])
    expect(creditNote.text).toContain(expected);

  // The shopper now has both.
  await signIn(page, email);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await expect(page.getByRole("link", { name: "Download GST invoice" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download credit note" })).toBeVisible();
  await expectNoAxeViolations(page);
});
