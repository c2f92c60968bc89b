import { useEffect, useRef, useState, type FormEvent } from "react";
import { useCart } from "~/cart/cart-context";
import { TrashIcon } from "~/components/icons";
import { SizeMissing, SizeOptions } from "~/catalog/size-options";
import { ModalDialog } from "~/components/modal-dialog";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { formatRupees } from "#contract/money";
import { pageMeta } from "~/lib/seo";
import { useWishlist, type WishlistItem } from "~/wishlist/wishlist-store";
import { useWishlistAvailability, type Availability } from "~/wishlist/wishlist-availability";
import { plural } from "~/lib/plural";
import { href, Link } from "react-router";

export const meta = () =>
  pageMeta({ title: "Wishlist", description: "The pieces you saved for later.", noindex: true });

type SizeChoice = { item: WishlistItem } & Extract<Availability, { state: "in-stock" }>;

export default function Wishlist() {
  const wishlist = useWishlist();
  const cart = useCart();
  const { availability, availabilityOf } = useWishlistAvailability(wishlist.items.map((item) => item.id));
  const [choosing, setChoosing] = useState<SizeChoice | null>(null);
  // A removed or moved card takes its buttons with it: the keyboard goes to the list's heading (and there
  // again when the bag, opened by Move to Bag, closes).
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [wishlist.items.length]);

  function moveToBag(item: WishlistItem, size: string, price: number) {
    focusHeading.current = true;
    setChoosing(null);
    wishlist.remove(item.id);
    cart.add({ id: item.id, name: item.name, title: item.name, image: item.image, price, size, quantity: 1 });
  }

  /**
   * Move to Bag asks the shop first: a product with one size left goes in that size, one with several asks
   * which, and one sold out or gone is refused (its card says so, and the keyboard goes to its name).
   */
  async function startMove(item: WishlistItem, button: HTMLElement) {
    const found = await availabilityOf(item.id);
    if (!found) return toast("error", "Failed to fetch product");
    if (found.state !== "in-stock") {
      button.closest("li")?.querySelector<HTMLElement>("h2 a")?.focus();
      return found.state === "gone"
        ? toast("error", "Product not found", `${item.name} is no longer available.`)
        : toast("error", "Sold out", `${item.name} is sold out in every size.`);
    }
    const inStock = found.sizes.filter((size) => size.stock > 0);
    if (inStock.length === 1) return moveToBag(item, inStock[0]!.label, found.price);
    setChoosing({ item, ...found });
  }

  return (
    <>
      {wishlist.items.length === 0 ? (
        <section className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
            Your wishlist is empty
          </h1>
          <p className="mt-3 text-muted">Save your favorite items and shop later.</p>
          <Link
            to={href("/products")}
            className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
          >
            Browse Products
          </Link>
        </section>
      ) : (
        <section className="mx-auto max-w-7xl px-4 py-8">
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
            Wishlist
          </h1>
          <p className="mt-1 text-muted">{plural(wishlist.items.length, "saved item")}</p>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
            {wishlist.items.map((item) => {
              const found = availability.get(item.id);
              return (
                <li
                  key={item.id}
                  className="relative flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-brand-100"
                >
                  {/* The picture repeats the name's link, for the pointer only. */}
                  <Link to={href("/products/:id", { id: String(item.id) })} tabIndex={-1} aria-hidden="true">
                    <LineImage
                      src={item.image}
                      width={320}
                      height={427}
                      className={`aspect-[3/4] h-auto w-full ${found && found.state !== "in-stock" ? "opacity-60 grayscale" : ""}`}
                    />
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
                      <Link
                        to={href("/products/:id", { id: String(item.id) })}
                        className="hover:text-brand-700"
                      >
                        {item.name}
                      </Link>
                    </h2>
                    <p className="font-semibold text-brand-700">
                      {formatRupees(found?.state === "in-stock" ? found.price : item.price)}
                    </p>
                    {found?.state === "gone" || found?.state === "sold-out" ? (
                      <p className="mt-auto text-sm font-semibold text-red-700">
                        {found.state === "gone" ? "No longer available" : "Sold out"}
                      </p>
                    ) : (
                      <button
                        type="button"
                        onClick={(event) => void startMove(item, event.currentTarget)}
                        className="mt-auto w-full rounded-full bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                      >
                        Move to Bag<span className="sr-only">: {item.name}</span>
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <ModalDialog
        open={choosing !== null}
        onClose={() => setChoosing(null)}
        labelledBy="size-choice-title"
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
      >
        {choosing ? (
          <SizeChoiceForm
            key={choosing.item.id}
            choice={choosing}
            onMove={(size) => moveToBag(choosing.item, size, choosing.price)}
            onCancel={() => setChoosing(null)}
          />
        ) : null}
      </ModalDialog>
    </>
  );
}

/** Which size goes in the bag: the product's sizes, those sold out shown but not offered. */
function SizeChoiceForm({
  choice,
  onMove,
  onCancel,
}: {
  choice: SizeChoice;
  onMove: (size: string) => void;
  onCancel: () => void;
}) {
  const [size, setSize] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (size === null) setMissing(true);
    else onMove(size);
  }
  return (
    <form onSubmit={submit}>
      <h2 id="size-choice-title" className="text-xl font-bold">
        Choose a size
      </h2>
      <fieldset className="mt-3">
        <legend className="text-muted">{choice.item.name}</legend>
        <SizeOptions
          name="wishlist-size"
          sizes={choice.sizes}
          selected={size}
          onSelect={(option) => {
            setSize(option.label);
            setMissing(false);
          }}
        />
        {missing ? <SizeMissing /> : null}
      </fieldset>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full px-5 py-2.5 font-semibold ring-1 ring-brand-200 hover:bg-brand-50"
        >
          Cancel
        </button>
        <button type="submit" className={BUTTON_PRIMARY}>
          Move to Bag
        </button>
      </div>
    </form>
  );
}
