import { describe, expect, it } from "vitest";
import { LOW_STOCK_AT } from "#contract/stock-levels";
import { stockLabel } from "./stock-label";

const product = (stock: Record<string, number>) => ({
  inStock: Object.values(stock).some((count) => count > 0),
  sizes: Object.entries(stock).map(([label, count]) => ({ label: label as "S", stock: count })),
});

describe("the product page's stock label", () => {
  it("says 'Only N left' with the size's own count, only when that few are left", () => {
    for (let stock = 1; stock <= LOW_STOCK_AT; stock++)
      expect(stockLabel(product({ S: stock, M: 40 }), "S").text).toBe(`Only ${stock} left in size S`);
    for (const stock of [LOW_STOCK_AT + 1, 40, 100_000])
      expect(stockLabel(product({ S: stock }), "S").text).toBe("In stock");
  });

  it("never urges before a size is chosen, nor for a size that has plenty while another runs low", () => {
    expect(stockLabel(product({ S: 1, M: 2 }), null).text).toBe("In stock");
    expect(stockLabel(product({ S: 1, M: 30 }), "M").text).toBe("In stock");
  });

  it("says a sold-out size or product is out of stock", () => {
    expect(stockLabel(product({ S: 0, M: 3 }), "S").text).toBe("Size S is out of stock");
    expect(stockLabel(product({ S: 0, M: 0 }), "M").text).toBe("Out of stock");
    expect(stockLabel(product({ S: 2 }), "XL").text).toBe("Size XL is out of stock");
  });
});
