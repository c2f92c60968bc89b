import type { SizeLabel } from "#contract/catalog";
import { SIZES } from "#contract/catalog-options";
import { customizationKey } from "#contract/customization-key";
import type { CustomizationRequest } from "#contract/tailoring-rules";

/**
 * A line of the bag, identified by product id, size and customisation: the same piece customised and not
 * customised (or customised twice differently) are separate lines. `price` is one piece's, charges included.
 */
export type CartItem = {
  id: number;
  name: string;
  title: string;
  image: string | null;
  price: number;
  size: string;
  quantity: number;
  customization?: CustomizationRequest;
};

/** What identifies a line of the bag. */
export type CartLineKey = Pick<CartItem, "id" | "size" | "customization">;

/** Enough of a customisation's shape for the bag to show it; the server checks the rest. */
const isCustomization = (value: Partial<CustomizationRequest>) =>
  Array.isArray(value.options) && typeof value.measurements === "object" && typeof value.note === "string";

export function isCartItems(value: unknown): value is CartItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === "object" &&
        item !== null &&
        typeof item.id === "number" &&
        typeof item.name === "string" &&
        typeof item.price === "number" &&
        typeof item.size === "string" &&
        Number.isInteger(item.quantity) &&
        item.quantity >= 1 &&
        (item.customization === undefined || isCustomization(item.customization ?? {})),
    )
  );
}

/** A stable key for a line of the bag (React's key, and the bag's identity of a line). */
export const lineKey = (line: CartLineKey) =>
  `${line.id}|${line.size}|${customizationKey(line.customization)}`;

const sameLine = (a: CartLineKey, b: CartLineKey) => lineKey(a) === lineKey(b);

/** Adding an existing line raises its quantity by the added amount; a new one appends a line. */
export function addLine(items: CartItem[], added: CartItem): CartItem[] {
  const quantity = Math.max(1, Math.floor(added.quantity));
  if (items.some((item) => sameLine(item, added))) {
    return items.map((item) =>
      sameLine(item, added) ? { ...item, quantity: item.quantity + quantity } : item,
    );
  }
  return [...items, { ...added, quantity }];
}

/** Changes a line's quantity by a step; it never goes below 1. */
export function stepQuantity(items: CartItem[], line: CartLineKey, step: 1 | -1): CartItem[] {
  return items.map((item) =>
    sameLine(item, line) ? { ...item, quantity: Math.max(1, item.quantity + step) } : item,
  );
}

export function removeLine(items: CartItem[], line: CartLineKey): CartItem[] {
  return items.filter((item) => !sameLine(item, line));
}

export function subtotal(items: CartItem[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.price * 100 * item.quantity, 0)) / 100;
}

export function itemCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** A line moved from the wishlist before sizes were asked for has none until the shopper picks one. */
export const hasSize = (item: CartItem): item is CartItem & { size: SizeLabel } =>
  (SIZES as readonly string[]).includes(item.size);

/** The bag's lines as the API takes them (hasSize first, for lines typed with their sizes). */
export const bagLines = <Item extends CartItem>(
  items: Item[],
): {
  id: number;
  size: Item["size"];
  quantity: number;
  price: number;
  customization?: CustomizationRequest;
}[] =>
  items.map((item) => ({
    id: item.id,
    size: item.size,
    quantity: item.quantity,
    price: item.price,
    ...(item.customization ? { customization: item.customization } : {}),
  }));
