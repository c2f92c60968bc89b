import { HeartIcon } from "~/components/icons";
import { toast } from "~/components/toast";
import { useWishlist, type WishlistItem } from "./wishlist-store";

/** Toggles an item in the wishlist, with the spec's toasts. */
export function WishlistButton({ item, compact = false }: { item: WishlistItem; compact?: boolean }) {
  const wishlist = useWishlist();
  const saved = wishlist.has(item.id);
  function toggle() {
    const added = wishlist.toggle(item);
    toast("success", added ? "Added to wishlist" : "Removed from wishlist");
  }
  if (compact) {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-pressed={saved}
        aria-label={`Wishlist ${item.name}`}
        // Without scripts it could do nothing (the product page says the wishlist needs JavaScript).
        className="relative z-10 rounded-full bg-white/90 p-2 text-brand-700 shadow noscript:hidden hover:bg-white"
      >
        <HeartIcon size={18} filled={saved} />
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      className="flex flex-1 items-center justify-center gap-2 rounded-full border-2 border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
    >
      <HeartIcon size={20} filled={saved} />
      {saved ? "WISHLISTED" : "WISHLIST"}
    </button>
  );
}
