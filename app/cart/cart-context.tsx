import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { createLocalStore, useLocalStore } from "~/lib/local-store";
import { rememberBagLines } from "./bag-lines-cookie";
import {
  addLine,
  isCartItems,
  removeLine,
  stepQuantity,
  type CartItem,
  type CartLineKey,
} from "./cart-lines";

export const cartStore = createLocalStore<CartItem[]>("cartItems", [], isCartItems);

type CartContextValue = {
  items: CartItem[];
  add: (item: CartItem) => void;
  step: (line: CartLineKey, step: 1 | -1) => void;
  remove: (line: CartLineKey) => void;
  clear: () => void;
  isOpen: boolean;
  open: () => void;
  close: () => void;
};

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const items = useLocalStore(cartStore);
  const [isOpen, setOpen] = useState(false);
  // Read from storage, not `items`: during hydration `items` is the server's empty bag.
  useEffect(() => rememberBagLines(cartStore.getSnapshot().length), [items]);

  const add = useCallback((item: CartItem) => {
    cartStore.update((current) => addLine(current, item));
    setOpen(true);
  }, []);
  const clear = useCallback(() => cartStore.update(() => []), []);
  const value = useMemo<CartContextValue>(
    () => ({
      items,
      add,
      step: (line, by) => cartStore.update((current) => stepQuantity(current, line, by)),
      remove: (line) => cartStore.update((current) => removeLine(current, line)),
      clear,
      isOpen,
      open: () => setOpen(true),
      close: () => setOpen(false),
    }),
    [items, add, clear, isOpen],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error("useCart must be used within the CartProvider");
  return context;
}
