import { paiseToRupees, rupeesToPaise, formatPaise } from "../../contract/money";
import {
  ORDER_MESSAGES,
  type PlaceOrderItem,
  type PricedCart,
  type PricedCartLine,
} from "../../contract/orders";
import type { CatalogService } from "../catalog/catalog.service";
import { customizeLine } from "../tailoring/customized-line";
import { deliveryPaiseFor } from "../../contract/delivery-rule";
import type { DeliveryRulePaise } from "./delivery-charge";
import type { GstIncluded } from "../gst/gst-included";
import type { TaxLineInput } from "../gst/gst-tax";
import type { AwaitingLine } from "./order-holds";
import { NO_PAYMENT_CHARGES, totalPaiseOf, type PaymentCharges } from "./payment-charges";
import { formatHoldTime } from "../../contract/hold-time";

/** A line one of the shopper's own orders awaiting payment holds: her bag offers to resume that order. */
const heldMessage = (held: AwaitingLine) =>
  held.payBy.getTime() > Date.now()
    ? `In your order ${held.orderId}, waiting for payment until ${formatHoldTime(held.payBy)}.`
    : `In your order ${held.orderId}, waiting for PhonePe to confirm a payment.`;

/**
 * The bag as the server would price it now, line by line, with what stands in the way of each line (gone,
 * size no longer offered, sold out, a customisation no longer offered, fewer left, a new price, or held by
 * one of the shopper's own orders awaiting payment, `held`), so the checkout shows it before paying.
 */
export async function priceCart(
  catalog: CatalogService,
  items: PlaceOrderItem[],
  delivery: DeliveryRulePaise,
  gst: Pick<GstIncluded, "ofSales">,
  held: AwaitingLine[] = [],
  /** What the chosen way to pay changes in a bag of this subtotal (payment-method.ts); nothing when none is chosen. */
  chargesFor: (subtotalPaise: number) => Promise<PaymentCharges> = async () => NO_PAYMENT_CHARGES,
): Promise<PricedCart> {
  const looked = await catalog.lookUpLines(
    items.map((item) => ({ productId: item.id, size: item.size, quantity: item.quantity })),
  );
  // The lines that count in the subtotal, for the GST the price includes.
  const counted: TaxLineInput[] = [];
  const count = (unitPricePaise: number, quantity: number) => counted.push({ unitPricePaise, quantity });
  const lines = looked.map((line, index): PricedCartLine => {
    const item = items[index]!;
    const base = {
      id: line.productId,
      size: line.size,
      quantity: line.quantity,
      customized: !!item.customization,
      orderId: null,
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
    // Her own unpaid order holds these pieces: never "sold out" to her, but "resume that order".
    const heldBy = held.find((h) => h.productId === line.productId && h.size === line.size);
    if (heldBy) {
      count(unitPricePaise, line.quantity);
      return {
        ...shown,
        orderId: heldBy.orderId,
        available: line.stock,
        problem: "awaiting-payment",
        message: heldMessage(heldBy),
      };
    }
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
    count(unitPricePaise, line.quantity);
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
  // The same rule, from the same accessor, as Place Order's: what the bag and checkout show is what is charged.
  const subtotalPaise = counted.reduce((sum, piece) => sum + piece.unitPricePaise * piece.quantity, 0);
  const deliveryPaise = deliveryPaiseFor(subtotalPaise, delivery);
  const charges = await chargesFor(subtotalPaise);
  const [gstPaise = 0] = await gst.ofSales([{ pieces: counted, deliveryPaise, ...charges }]);
  return {
    lines,
    subtotal: paiseToRupees(subtotalPaise),
    deliveryCharge: paiseToRupees(deliveryPaise),
    ...(charges.prepaidDiscountPaise > 0 ? { discount: paiseToRupees(charges.prepaidDiscountPaise) } : {}),
    ...(charges.codFeePaise > 0 ? { codFee: paiseToRupees(charges.codFeePaise) } : {}),
    total: paiseToRupees(totalPaiseOf(subtotalPaise, deliveryPaise, charges)),
    gstIncluded: paiseToRupees(gstPaise),
    orderable:
      lines.length > 0 && lines.every((line) => line.problem === null || line.problem === "price-changed"),
  };
}
