import { createLocalStore, useLocalStore } from "~/lib/local-store";

export type WishlistItem = { id: number; name: string; price: number; image: string | null };

function isWishlist(value: unknown): value is WishlistItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === "object" &&
        item !== null &&
        typeof item.id === "number" &&
        typeof item.name === "string",
    )
  );
}

export const wishlistStore = createLocalStore<WishlistItem[]>("wishlist", [], isWishlist);

export function useWishlist() {
  const items = useLocalStore(wishlistStore);
  return {
    items,
    has: (id: number) => items.some((item) => item.id === id),
    /** Adds the item, or removes it when it is already there; returns whether it is now in the wishlist. */
    toggle(item: WishlistItem): boolean {
      let added = false;
      wishlistStore.update((current) => {
        added = !current.some((saved) => saved.id === item.id);
        return added ? [...current, item] : current.filter((saved) => saved.id !== item.id);
      });
      return added;
    },
    remove: (id: number) => wishlistStore.update((current) => current.filter((saved) => saved.id !== id)),
  };
}
