/**
 * The GST arithmetic of tax invoices and credit notes, in integer paise (docs/decisions/025-gst-invoices.md).
 *
 * The store's prices include GST. Each line's tax is extracted from the line's price (unit price plus any
 * customisation charge, times the quantity) at the line's rate, rounded half up to the paisa; the taxable
 * value is the price less that tax, so the two always add up to what the shopper paid. Within the store's
 * state the tax is split into CGST and SGST, CGST taking the odd paisa, so the halves add up to the tax;
 * elsewhere it is all IGST.
 */

/** Apparel's rates: `lowRateBp` for a piece priced up to `thresholdPaise`, `highRateBp` above (basis points). */
export type ApparelRates = { thresholdPaise: number; lowRateBp: number; highRateBp: number };

export type TaxLineInput = {
  /** The price of one piece, tax included. */
  unitPricePaise: number;
  /** A customisation charge per piece, tax included: part of the piece's price (and of its rate). */
  customisationPaise?: number;
  quantity: number;
};

export type TaxedLine = {
  /** What the line costs, tax included: (unit price + customisation) × quantity. */
  totalPaise: number;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** The rate of a piece by its price, tax and customisation included: up to the threshold, the low rate. */
export function rateFor(piecePricePaise: number, rates: ApparelRates): number {
  return piecePricePaise <= rates.thresholdPaise ? rates.lowRateBp : rates.highRateBp;
}

/** a / b rounded half up, for non-negative integers (exact: the products stay far below 2^53). */
function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** The tax inside a tax-inclusive amount at `rateBp`: amount × rate / (100 % + rate), half up to the paisa. */
export function taxIncluded(amountPaise: number, rateBp: number): number {
  return divideHalfUp(amountPaise * rateBp, 10_000 + rateBp);
}

/**
 * One line's taxable value and tax, CGST + SGST within the store's state (`intraState`), IGST otherwise; less
 * `discountPaise` taken off the line, its rate then read from a piece's price after it.
 */
export function taxLine(
  line: TaxLineInput,
  rates: ApparelRates,
  intraState: boolean,
  discountPaise = 0,
): TaxedLine {
  const totalPaise = (line.unitPricePaise + (line.customisationPaise ?? 0)) * line.quantity - discountPaise;
  return taxAtRate(totalPaise, rateFor(Math.ceil(totalPaise / line.quantity), rates), intraState);
}

/**
 * The delivery charge's line: part of one composite supply with the pieces it carries, so taxed at the rate
 * of the principal supply; with pieces at two rates, the higher (decision 038).
 */
export function deliveryTaxLine(
  deliveryPaise: number,
  pieceRatesBp: readonly number[],
  intraState: boolean,
): TaxedLine {
  return taxAtRate(deliveryPaise, Math.max(0, ...pieceRatesBp), intraState);
}

/** What a sale charges besides its pieces, and what paying online took off them (decision 048). */
export type SaleCharges = { deliveryPaise: number; codFeePaise: number; prepaidDiscountPaise?: number };

/** A line of pieces taxed, with its share of the discount for paying online (0 when none). */
export type TaxedPieces = TaxedLine & { discountPaise: number };

/**
 * The discount for paying online shared among the lines of pieces in proportion to their prices, rounded down
 * to the paisa; the paise left over go to the dearest line (the first of equals).
 */
export function shareDiscount(linePricesPaise: readonly number[], discountPaise: number): number[] {
  const whole = linePricesPaise.reduce((sum, price) => sum + price, 0);
  if (discountPaise <= 0 || whole <= 0) return linePricesPaise.map(() => 0);
  const shares = linePricesPaise.map((price) => Math.floor((price * discountPaise) / whole));
  const dearest = linePricesPaise.indexOf(Math.max(...linePricesPaise));
  shares[dearest]! += discountPaise - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

/**
 * A sale's lines taxed, as its tax invoice works them out: each line of pieces at its piece's rate, less its
 * share of the discount for paying online (a discount shown on the invoice at the time of supply is not part
 * of the value taxed: CGST Act s. 15(3)(a)), the rate then read from the piece's price after it; the delivery
 * charge's line and the Cash on Delivery fee's (each null when there is none), charges for the same composite
 * supply, at the highest of their rates.
 */
export function taxSale(
  pieces: readonly TaxLineInput[],
  charges: SaleCharges,
  rates: ApparelRates,
  intraState: boolean,
): { pieces: TaxedPieces[]; delivery: TaxedLine | null; codFee: TaxedLine | null } {
  const shares = shareDiscount(
    pieces.map((piece) => (piece.unitPricePaise + (piece.customisationPaise ?? 0)) * piece.quantity),
    charges.prepaidDiscountPaise ?? 0,
  );
  const taxed = pieces.map((piece, index) => ({
    ...taxLine(piece, rates, intraState, shares[index]),
    discountPaise: shares[index]!,
  }));
  const charge = (paise: number) =>
    paise > 0
      ? deliveryTaxLine(
          paise,
          taxed.map((line) => line.rateBp),
          intraState,
        )
      : null;
  return { pieces: taxed, delivery: charge(charges.deliveryPaise), codFee: charge(charges.codFeePaise) };
}

/**
 * The GST a tax-inclusive sale's price holds, as its invoice would show it (what the checkout and the order's
 * page say: "includes GST of ₹X"). The same wherever it is delivered: each line's CGST and SGST add up to the
 * IGST it would bear in another state.
 */
export function gstIncludedIn(
  pieces: readonly TaxLineInput[],
  charges: SaleCharges,
  rates: ApparelRates,
): number {
  const { pieces: taxed, delivery, codFee } = taxSale(pieces, charges, rates, false);
  return totalsOf([...taxed, ...(delivery ? [delivery] : []), ...(codFee ? [codFee] : [])]).igstPaise;
}

/** A tax-inclusive amount's taxable value and tax at `rateBp`, split for the supply's place. */
export function taxAtRate(totalPaise: number, rateBp: number, intraState: boolean): TaxedLine {
  const tax = taxIncluded(totalPaise, rateBp);
  const cgstPaise = intraState ? Math.ceil(tax / 2) : 0;
  return {
    totalPaise,
    rateBp,
    taxablePaise: totalPaise - tax,
    cgstPaise,
    sgstPaise: intraState ? tax - cgstPaise : 0,
    igstPaise: intraState ? 0 : tax,
  };
}

/** A document's totals: the sums of its lines. */
export function totalsOf(lines: readonly TaxedLine[]) {
  const sum = (key: keyof TaxedLine) => lines.reduce((total, line) => total + line[key], 0);
  return {
    totalPaise: sum("totalPaise"),
    taxablePaise: sum("taxablePaise"),
    cgstPaise: sum("cgstPaise"),
    sgstPaise: sum("sgstPaise"),
    igstPaise: sum("igstPaise"),
  };
}

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The Indian financial year (April to March, in India's time) of a moment, as "2026-27". */
export function financialYearOf(moment: Date): string {
  const ist = new Date(moment.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The day of a moment in India, as "2026-11-24" (what a rate's effective date is compared with). */
export function indianDateOf(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** "5%" or "2.5%" from basis points. */
export const formatRate = (rateBp: number) => `${rateBp / 100}%`;
