import { paiseToRupees, rupeesToPaise, formatPaise } from "../../contract/money";
import {
  ORDER_MESSAGES,
  type PlaceOrderItem,
  type PricedCart,
  type PricedCartLine,
} from "../../contract/orders";
import type { CatalogService } from "../catalog/catalog.service";
import { customizeLine } from "../tailoring/customized-line";
import { DELIVERY_PAISE } from "./orders.service";

/**
 * The bag as the server would price it now, line by line, with what stands in the way of each line (gone,
 * size no longer offered, sold out, a customisation no longer offered, fewer left, a new price), so the
 * checkout shows it before paying.
 */
export async function priceCart(catalog: CatalogService, items: PlaceOrderItem[]): Promise<PricedCart> {
  const looked = await catalog.lookUpLines(
    items.map((item) => ({ productId: item.id, size: item.size, quantity: item.quantity })),
  );
  let subtotalPaise = 0;
  const lines = looked.map((line, index): PricedCartLine => {
    const item = items[index]!;
    const base = {
      id: line.productId,
      size: line.size,
      quantity: line.quantity,
      customized: !!item.customization,
    };
    if (!line.product)
      return {
        ...base,
        name: null,
        image: null,
        price: null,
        available: null,
        problem: "unavailable",
        message: "This product is no longer available.",
      };
    const { name, image } = line.product;
    const customized = customizeLine(line.product, item.customization);
    const unitPricePaise = line.product.unitPricePaise + (customized.ok ? customized.chargePaise : 0);
    const shown = { ...base, name, image, price: paiseToRupees(unitPricePaise) };
    if (line.stock === null)
      return {
        ...shown,
        available: null,
        problem: "size-unavailable",
        message: ORDER_MESSAGES.sizeNotOffered(name, line.size),
      };
    if (line.stock === 0)
      return {
        ...shown,
        available: 0,
        problem: "sold-out",
        message: ORDER_MESSAGES.soldOut(name, line.size),
      };
    if (!customized.ok)
      return {
        ...shown,
        available: line.stock,
        problem: "customization-unavailable",
        message: Object.values(customized.problems)[0]!,
      };
    subtotalPaise += unitPricePaise * line.quantity;
    if (line.stock < line.quantity)
      return {
        ...shown,
        available: line.stock,
        problem: "short",
        message: ORDER_MESSAGES.onlyLeft(name, line.size, line.stock),
      };
    if (item.price !== undefined && rupeesToPaise(item.price) !== unitPricePaise)
      return {
        ...shown,
        available: line.stock,
        problem: "price-changed",
        message: `The price is now ${formatPaise(unitPricePaise)} (was ${formatPaise(rupeesToPaise(item.price))}).`,
      };
    return { ...shown, available: line.stock, problem: null, message: null };
  });
  return {
    lines,
    subtotal: paiseToRupees(subtotalPaise),
    deliveryCharge: paiseToRupees(DELIVERY_PAISE),
    total: paiseToRupees(subtotalPaise + DELIVERY_PAISE),
    orderable:
      lines.length > 0 && lines.every((line) => line.problem === null || line.problem === "price-changed"),
  };
}
