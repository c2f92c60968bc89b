import { describe, expect, it } from "vitest";
import {
  financialYearOf,
  gstIncludedIn,
  rateFor,
  shareDiscount,
  taxIncluded,
  taxLine,
  taxSale,
  totalsOf,
  type ApparelRates,
} from "./gst-tax";

/** Today's apparel rates (the seeded defaults): 5 % up to ₹2,500 a piece, 18 % above. */
const RATES: ApparelRates = { thresholdPaise: 250_000, lowRateBp: 500, highRateBp: 1800 };

/**
 * The edge cases of the issue, worked by hand: tax = price × rate / (100 % + rate), half up to the paisa;
 * taxable = price − tax; CGST takes the odd paisa.
 */
const TABLE = [
  {
    case: "₹2,500.00 exactly: the low rate",
    line: { unitPricePaise: 250_000, quantity: 1 },
    intraState: true,
    expected: {
      totalPaise: 250_000,
      rateBp: 500,
      taxablePaise: 238_095,
      cgstPaise: 5_953,
      sgstPaise: 5_952,
      igstPaise: 0,
    },
  },
  {
    case: "₹2,500.01: the high rate",
    line: { unitPricePaise: 250_001, quantity: 1 },
    intraState: true,
    expected: {
      totalPaise: 250_001,
      rateBp: 1800,
      taxablePaise: 211_865,
      cgstPaise: 19_068,
      sgstPaise: 19_068,
      igstPaise: 0,
    },
  },
  {
    case: "₹2,500.01 delivered to another state: IGST",
    line: { unitPricePaise: 250_001, quantity: 1 },
    intraState: false,
    expected: {
      totalPaise: 250_001,
      rateBp: 1800,
      taxablePaise: 211_865,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 38_136,
    },
  },
  {
    case: "2 × ₹2,499: the rate goes by the piece, not the line",
    line: { unitPricePaise: 249_900, quantity: 2 },
    intraState: true,
    expected: {
      totalPaise: 499_800,
      rateBp: 500,
      taxablePaise: 476_000,
      cgstPaise: 11_900,
      sgstPaise: 11_900,
      igstPaise: 0,
    },
  },
  {
    case: "₹1,800 + ₹800 customisation: the piece costs ₹2,600, the high rate",
    line: { unitPricePaise: 180_000, customisationPaise: 80_000, quantity: 1 },
    intraState: true,
    expected: {
      totalPaise: 260_000,
      rateBp: 1800,
      taxablePaise: 220_339,
      cgstPaise: 19_831,
      sgstPaise: 19_830,
      igstPaise: 0,
    },
  },
  {
    case: "3 × (₹2,000 + ₹500 customisation): ₹2,500 a piece, the low rate",
    line: { unitPricePaise: 200_000, customisationPaise: 50_000, quantity: 3 },
    intraState: false,
    expected: {
      totalPaise: 750_000,
      rateBp: 500,
      taxablePaise: 714_286,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 35_714,
    },
  },
  {
    case: "₹1.00: 4.76 paise of tax round up to 5",
    line: { unitPricePaise: 100, quantity: 1 },
    intraState: true,
    expected: { totalPaise: 100, rateBp: 500, taxablePaise: 95, cgstPaise: 3, sgstPaise: 2, igstPaise: 0 },
  },
  {
    case: "10 × ₹4,99,999: the largest line, exact in integers",
    line: { unitPricePaise: 49_999_990, quantity: 10 },
    intraState: false,
    expected: {
      totalPaise: 499_999_900,
      rateBp: 1800,
      taxablePaise: 423_728_729,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76_271_171,
    },
  },
];

describe("GST of a tax-inclusive price", () => {
  it.each(TABLE)("$case", ({ line, intraState, expected }) => {
    const taxed = taxLine(line, RATES, intraState);
    expect(taxed).toEqual(expected);
    // Taxable value and tax always add up to what the shopper paid.
    expect(taxed.taxablePaise + taxed.cgstPaise + taxed.sgstPaise + taxed.igstPaise).toBe(taxed.totalPaise);
  });

  it("rounds an exact half paisa up", () => {
    // 14 paise at 12 %: 14 × 12 / 112 = 1.5 paise.
    expect(taxIncluded(14, 1200)).toBe(2);
    expect(taxIncluded(13, 1200)).toBe(1);
  });

  it("takes the threshold and the rates from the settings, not from constants", () => {
    const later: ApparelRates = { thresholdPaise: 100_000, lowRateBp: 1200, highRateBp: 2800 };
    expect(rateFor(100_000, later)).toBe(1200);
    expect(rateFor(100_001, later)).toBe(2800);
    expect(rateFor(250_000, later)).toBe(2800);
  });

  it("adds a document's lines up", () => {
    const lines = TABLE.filter((row) => row.intraState).map((row) => taxLine(row.line, RATES, true));
    const totals = totalsOf(lines);
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.totalPaise);
    expect(totals.cgstPaise).toBe(5_953 + 19_068 + 11_900 + 19_831 + 3);
  });
});

describe("the financial year, April to March in India", () => {
  it.each([
    ["2026-03-31T18:29:59.999Z", "2025-26"],
    ["2026-03-31T18:30:00.000Z", "2026-27"],
    ["2026-11-24T12:00:00.000Z", "2026-27"],
    ["2099-12-31T20:00:00.000Z", "2099-00"],
  ])("%s is in %s", (moment, year) => {
    expect(financialYearOf(new Date(moment))).toBe(year);
  });
});

describe("gstIncludedIn", () => {
  const pieces = [
    { unitPricePaise: 250_000, quantity: 1 },
    { unitPricePaise: 240_000, customisationPaise: 10_001, quantity: 1 },
    { unitPricePaise: 99_950, quantity: 3 },
  ];

  it("is the tax the invoice's lines add up to, within the store's state and outside it alike", () => {
    for (const deliveryPaise of [0, 9_900]) {
      for (const intraState of [true, false]) {
        const { pieces: taxed, delivery } = taxSale(
          pieces,
          { deliveryPaise, codFeePaise: 0 },
          RATES,
          intraState,
        );
        const totals = totalsOf(delivery ? [...taxed, delivery] : taxed);
        expect(gstIncludedIn(pieces, { deliveryPaise, codFeePaise: 0 }, RATES)).toBe(
          totals.cgstPaise + totals.sgstPaise + totals.igstPaise,
        );
      }
    }
  });

  it("taxes the delivery charge at the highest rate of the pieces, and nothing when delivery is free", () => {
    // ₹2,500.01 a piece is at 18 %: ₹99 of delivery holds ₹15.10 at 18 % (9,900 × 18 / 118, half up).
    const { delivery } = taxSale(pieces, { deliveryPaise: 9_900, codFeePaise: 0 }, RATES, false);
    expect(delivery).toMatchObject({ rateBp: 1800, igstPaise: 1_510 });
    expect(taxSale(pieces, { deliveryPaise: 0, codFeePaise: 0 }, RATES, false).delivery).toBeNull();
    expect(
      gstIncludedIn(
        [{ unitPricePaise: 100_000, quantity: 1 }],
        { deliveryPaise: 9_900, codFeePaise: 0 },
        RATES,
      ),
    ).toBe(4_762 + 471);
  });

  it("taxes a Cash on Delivery fee as a line of its own, at the delivery charge's rate", () => {
    // ₹50 at 18 %: 5,000 × 18 / 118 = 762.7, half up 763; ₹1,000 at 5 %: 4,762; ₹99 at 5 %: 471; ₹50 at 5 %: 238.
    const { codFee, delivery } = taxSale(pieces, { deliveryPaise: 9_900, codFeePaise: 5_000 }, RATES, false);
    expect(codFee).toMatchObject({ rateBp: 1800, igstPaise: 763 });
    expect(delivery).toMatchObject({ rateBp: 1800, igstPaise: 1_510 });
    expect(taxSale(pieces, { deliveryPaise: 9_900, codFeePaise: 0 }, RATES, false).codFee).toBeNull();
    expect(
      gstIncludedIn(
        [{ unitPricePaise: 100_000, quantity: 1 }],
        { deliveryPaise: 9_900, codFeePaise: 5_000 },
        RATES,
      ),
    ).toBe(4_762 + 471 + 238);
  });
});

describe("the discount for paying online on the invoice", () => {
  it("is shared among the lines of pieces by their prices, the paise left over to the dearest", () => {
    // 5,000 × 250,000 / 799,851 = 1,562.8; × 250,001: 1,562.8; × 299,850: 1,874.4: 4,998, and 2 paise over.
    expect(shareDiscount([250_000, 250_001, 299_850], 5_000)).toEqual([1_562, 1_562, 1_876]);
    expect(shareDiscount([250_000, 250_000], 1)).toEqual([1, 0]);
    expect(shareDiscount([250_000], 0)).toEqual([0]);
  });

  it("lowers each line's taxable value, and a piece it brings to the threshold is at the low rate", () => {
    // ₹2,550 is at 18 %; less ₹50 for paying online, ₹2,500 is at 5 %: 250,000 × 5 / 105 = 11,904.8, 11,905.
    const { pieces: taxed, delivery } = taxSale(
      [{ unitPricePaise: 255_000, quantity: 1 }],
      { deliveryPaise: 9_900, codFeePaise: 0, prepaidDiscountPaise: 5_000 },
      RATES,
      false,
    );
    expect(taxed[0]).toMatchObject({
      totalPaise: 250_000,
      discountPaise: 5_000,
      rateBp: 500,
      igstPaise: 11_905,
      taxablePaise: 238_095,
    });
    // The delivery charge follows the pieces' rate after the discount.
    expect(delivery).toMatchObject({ rateBp: 500 });
    // Two pieces of one line: each piece's price after its share decides the rate.
    const [pair] = taxSale(
      [{ unitPricePaise: 252_500, quantity: 2 }],
      { deliveryPaise: 0, codFeePaise: 0, prepaidDiscountPaise: 5_000 },
      RATES,
      false,
    ).pieces;
    expect(pair).toMatchObject({ totalPaise: 500_000, rateBp: 500 });
  });
});
