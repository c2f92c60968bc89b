import { customizationKey } from "../../contract/customization-key";
import { formatPaise, rupeesToPaise } from "../../contract/money";
import {
  MAX_LINE_QUANTITY,
  ORDER_MESSAGES,
  type PlaceOrderItem,
  type PlaceOrderRequest,
} from "../../contract/orders";
import type { CustomizationRequest } from "../../contract/tailoring-rules";
import type { CatalogService, StockLine } from "../catalog/catalog.service";
import { badRequest, Conflict } from "../lib/errors";
import { customizeLine } from "../tailoring/customized-line";
import type { OrderLine } from "./create-order";
import { chargesInWords, totalPaiseOf, type PaymentCharges } from "./payment-charges";

/** A line of the bag as asked for, before it is priced. */
type RequestedLine = StockLine & {
  customization: CustomizationRequest | undefined;
  key: string;
  index: number;
};

/** A line priced by the server, with the key of the bag's lines it stands for. */
export type PricedOrderLine = OrderLine & { key: string };

/** The same product, size and customisation make one line. */
const lineKey = (item: PlaceOrderItem) => `${item.id}|${item.size}|${customizationKey(item.customization)}`;

export const subtotalOf = (lines: readonly OrderLine[]) =>
  lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);

/**
 * The bag's lines with repeated lines (the same product, size and customisation) added up, as one line
 * each, with the index of the first item each came from (for the errors' field names). The quantity cap
 * counts a product and size across all lines, whatever their tailoring, so it cannot be split.
 */
export function mergedLines(request: PlaceOrderRequest): RequestedLine[] {
  const lines = new Map<string, RequestedLine>();
  const perSize = new Map<string, number>();
  request.items.forEach((item, index) => {
    const size = `${item.id}|${item.size}`;
    perSize.set(size, (perSize.get(size) ?? 0) + item.quantity);
    if (perSize.get(size)! > MAX_LINE_QUANTITY)
      throw badRequest(ORDER_MESSAGES.sizeQuantity, {
        [`items.${index}.quantity`]: ORDER_MESSAGES.sizeQuantity,
      });
    const key = lineKey(item);
    const line = lines.get(key) ?? {
      productId: item.id,
      size: item.size,
      quantity: 0,
      customization: item.customization,
      key,
      index,
    };
    line.quantity += item.quantity;
    if (line.quantity > MAX_LINE_QUANTITY) throw badRequest(ORDER_MESSAGES.quantity);
    lines.set(key, line);
  });
  return [...lines.values()];
}

/** Each line priced from the database: the product's price plus its customisation's charges. */
export async function priceOrderLines(
  catalog: Pick<CatalogService, "priceLines">,
  requested: RequestedLine[],
): Promise<PricedOrderLine[]> {
  const priced = await catalog.priceLines(requested);
  return priced.map((line, index) => {
    const { key, index: itemIndex, customization } = requested[index]!;
    const customized = customizeLine(line, customization);
    if (!customized.ok) {
      const [message] = Object.values(customized.problems);
      throw badRequest(
        message!,
        Object.fromEntries(
          Object.entries(customized.problems).map(([field, problem]) => [
            `items.${itemIndex}.customization.${field}`,
            problem,
          ]),
        ),
      );
    }
    return {
      key,
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      name: line.name,
      image: line.image,
      unitPricePaise: line.unitPricePaise + customized.chargePaise,
      customization: customized.customization,
    };
  });
}

/**
 * Prices the client showed must still be the prices: a changed or tampered one is refused. The total the
 * shopper saw includes the delivery charge and what the way to pay changes (the fee for paying in cash, the
 * discount for paying online), which the server prices; the client never sets any of them.
 */
export function checkClientPrices(
  request: PlaceOrderRequest,
  lines: PricedOrderLine[],
  deliveryPaise: number,
  charges: PaymentCharges,
) {
  const errors: Record<string, string> = {};
  request.items.forEach((item, index) => {
    const line = lines.find((l) => l.key === lineKey(item))!;
    if (item.price !== undefined && rupeesToPaise(item.price) !== line.unitPricePaise)
      errors[`items.${index}.price`] = `${line.name} now costs ${formatPaise(line.unitPricePaise)}.`;
  });
  const totalPaise = totalPaiseOf(subtotalOf(lines), deliveryPaise, charges);
  const inWords = chargesInWords(deliveryPaise, charges);
  if (request.totalAmount !== undefined && rupeesToPaise(request.totalAmount) !== totalPaise)
    errors.totalAmount = inWords
      ? `The total is now ${formatPaise(totalPaise)}, with ${inWords}.`
      : `The total is now ${formatPaise(totalPaise)}.`;
  if (Object.keys(errors).length > 0) throw new Conflict(ORDER_MESSAGES.pricesChanged, errors);
}
