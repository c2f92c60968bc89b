import { Link } from "react-router";
import { useCart } from "~/cart/cart-context";
import { TrashIcon } from "~/components/icons";
import { toast } from "~/components/toast";
import { formatRupees } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { useWishlist } from "~/wishlist/wishlist-store";

export const meta = () =>
  pageMeta({ title: "Wishlist", description: "The pieces you saved for later.", noindex: true });

export default function Wishlist() {
  const wishlist = useWishlist();
  const cart = useCart();

  if (wishlist.items.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Your wishlist is empty</h1>
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
      <h1 className="text-3xl font-bold">Wishlist</h1>
      <p className="mt-1 text-muted">{wishlist.items.length} saved items</p>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {wishlist.items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-brand-100"
          >
            <Link to={`/products/${item.id}`}>
              {item.image ? (
                <img
                  src={item.image}
                  alt=""
                  width={320}
                  height={427}
                  className="aspect-[3/4] h-auto w-full object-cover"
                />
              ) : (
                <div className="aspect-[3/4] bg-brand-100" />
              )}
            </Link>
            <div className="flex flex-1 flex-col gap-2 p-3">
              <h2 className="font-sans text-sm font-medium">
                <Link to={`/products/${item.id}`} className="hover:text-brand-700">
                  {item.name}
                </Link>
              </h2>
              <p className="font-semibold text-brand-700">{formatRupees(item.price)}</p>
              <div className="mt-auto flex gap-2">
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
                  className="flex-1 rounded-full bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  Move to Bag
                </button>
                <button
                  type="button"
                  onClick={() => {
                    wishlist.remove(item.id);
                    toast("success", "Removed from wishlist");
                  }}
                  aria-label={`Remove ${item.name} from wishlist`}
                  className="rounded-full border border-brand-200 p-2 text-muted hover:text-brand-700"
                >
                  <TrashIcon size={18} />
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
