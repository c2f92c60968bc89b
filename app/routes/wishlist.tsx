import { useEffect, useRef } from "react";
import { Link } from "~/components/navigation";
import { useCart } from "~/cart/cart-context";
import { TrashIcon } from "~/components/icons";
import { LineImage } from "~/components/picture";
import { toast } from "~/components/toast";
import { formatRupees } from "#contract/money";
import { pageMeta } from "~/lib/seo";
import { useWishlist } from "~/wishlist/wishlist-store";
import { plural } from "~/lib/plural";

export const meta = () =>
  pageMeta({ title: "Wishlist", description: "The pieces you saved for later.", noindex: true });

export default function Wishlist() {
  const wishlist = useWishlist();
  const cart = useCart();
  // A removed card takes its buttons with it: the keyboard goes to the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [wishlist.items.length]);

  if (wishlist.items.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
          Your wishlist is empty
        </h1>
        <p className="mt-3 text-muted">Save your favorite items and shop later.</p>
        <Link
          to="/products"
          className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Browse Products
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        Wishlist
      </h1>
      <p className="mt-1 text-muted">{plural(wishlist.items.length, "saved item")}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
        {wishlist.items.map((item) => (
          <li
            key={item.id}
            className="relative flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-brand-100"
          >
            {/* The picture repeats the name's link, for the pointer only. */}
            <Link to={`/products/${item.id}`} tabIndex={-1} aria-hidden="true">
              <LineImage src={item.image} width={320} height={427} className="aspect-[3/4] h-auto w-full" />
            </Link>
            <button
              type="button"
              onClick={() => {
                focusHeading.current = true;
                wishlist.remove(item.id);
                toast("success", "Removed from wishlist");
              }}
              aria-label={`Remove ${item.name} from wishlist`}
              className="absolute top-2 right-2 rounded-full bg-white/90 p-2 text-muted shadow-sm ring-1 ring-brand-100 hover:text-brand-700"
            >
              <TrashIcon size={18} />
            </button>
            <div className="flex flex-1 flex-col gap-2 p-3">
              <h2 className="font-sans text-sm font-medium">
                <Link to={`/products/${item.id}`} className="hover:text-brand-700">
                  {item.name}
                </Link>
              </h2>
              <p className="font-semibold text-brand-700">{formatRupees(item.price)}</p>
              <button
                type="button"
                onClick={() => {
                  wishlist.remove(item.id);
                  cart.add({
                    id: item.id,
                    name: item.name,
                    title: item.name,
                    image: item.image,
                    price: item.price,
                    size: "",
                    quantity: 1,
                  });
                }}
                className="mt-auto w-full rounded-full bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Move to Bag
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
