import { useEffect } from "react";
import { useCart } from "~/cart/cart-context";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({ title: "Your Bag", description: "The items in your bag.", noindex: true });

/** /cart-drawer opens the bag over the page; the bag itself lives in the layout. */
export default function CartDrawerRoute() {
  const { open } = useCart();
  useEffect(open, [open]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Your Bag</h1>
      <button
        type="button"
        onClick={open}
        className="mt-6 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Open your bag
      </button>
    </section>
  );
}
