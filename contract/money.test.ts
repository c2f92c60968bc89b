import { describe, expect, it } from "vitest";
import { formatRupees, formatRupeesExact } from "./money";

const intl = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  trailingZeroDisplay: "stripIfInteger",
});

describe("formatRupees", () => {
  it("writes Indian grouping with the rupee sign, and paise only when there are some", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(999)).toBe("₹999");
    expect(formatRupees(4999)).toBe("₹4,999");
    expect(formatRupees(99.995)).toBe("₹100");
    expect(formatRupees(1499.5)).toBe("₹1,499.50");
    expect(formatRupees(149999.5)).toBe("₹1,49,999.50");
    expect(formatRupees(12345678.9)).toBe("₹1,23,45,678.90");
  });

  it("agrees with Intl's en-IN rupee format", () => {
    const amounts = [0, 0.005, 0.5, 1, 9.99, 10, 99.995, 100, 999.99, 1000, 4999, 10000, 99999.99, 100000];
    for (let exponent = 0; exponent <= 10; exponent++)
      amounts.push(7 * 10 ** exponent + 0.25, 10 ** exponent - 0.01);
    for (const amount of [...amounts, ...amounts.map((value) => -value)]) {
      expect(formatRupees(amount), String(amount)).toBe(intl.format(amount));
    }
  });
});

describe("formatRupeesExact", () => {
  it("keeps two decimals, as GST documents write amounts", () => {
    expect(formatRupeesExact(0)).toBe("₹0.00");
    expect(formatRupeesExact(99)).toBe("₹99.00");
    expect(formatRupeesExact(1499.5)).toBe("₹1,499.50");
    expect(formatRupeesExact(123456.78)).toBe("₹1,23,456.78");
    expect(formatRupeesExact(-2)).toBe("-₹2.00");
  });
});
