/**
 * The API speaks rupees (as the spec's client does); the server keeps integer paise.
 * These two functions are the only place the two meet.
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * ₹4,99,999 and ₹1,499.50: the rupee sign, Indian digit grouping (the last three digits, then pairs), and the
 * paise only when there are some (the spec's en-IN format), as `Intl.NumberFormat("en-IN", { style:
 * "currency", currency: "INR", trailingZeroDisplay: "stripIfInteger" })` writes it. Written out because
 * the browser's first Intl formatter loads the locale's data: about 15 ms of a phone's first page load
 * spent before hydration (docs/decisions/012-hydration-in-short-tasks.md). money.test.ts holds it to Intl.
 */
export function formatRupees(amount: number): string {
  return written(amount, false);
}

/**
 * ₹4,99,999.00: always two decimals, the accounting convention of GST documents (the invoice and credit note
 * PDFs, the accountant's books), where every amount of a column is written alike (decision 038).
 */
export function formatRupeesExact(amount: number): string {
  return written(amount, true);
}

function written(amount: number, exact: boolean): string {
  const [whole = "0", paise = "00"] = Math.abs(amount).toFixed(2).split(".");
  const lastThree = whole.slice(-3);
  const higher = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `${sign}₹${higher ? `${higher},` : ""}${lastThree}${paise === "00" && !exact ? "" : `.${paise}`}`;
}

/** An amount of paise written as rupees, as formatRupees writes them. */
export const formatPaise = (paise: number) => formatRupees(paiseToRupees(paise));

/** An amount of paise with two decimals, as GST documents write it. */
export const formatPaiseExact = (paise: number) => formatRupeesExact(paiseToRupees(paise));
