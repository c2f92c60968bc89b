import type { ProductSummary } from "#contract/catalog";
import { ResponsivePicture } from "~/components/picture";
import { discountPercent } from "~/lib/money";
import { WishlistButton } from "~/wishlist/wishlist-button";
import { DeleteProductButton } from "./delete-product-button";
import { PriceLine } from "./price-line";
import { href, Link } from "react-router";

export const CARD_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 768px) 30vw, 50vw";

export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const discount = discountPercent(product.price, product.originalPrice);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-brand-100">
      <div className="relative">
        <ResponsivePicture
          picture={product.picture}
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          alt=""
          className="aspect-[3/4] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.02]"
        />
        {discount ? (
          <span className="absolute top-2 left-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            {discount}% OFF
          </span>
        ) : null}
        {!product.inStock ? (
          <span className="absolute bottom-2 left-2 rounded bg-white/90 px-2 py-0.5 text-xs font-semibold text-ink">
            Out of stock
          </span>
        ) : null}
        <div className="absolute top-2 right-2 flex flex-col gap-2">
          <WishlistButton
            item={{ id: product._id, name: product.name, price: product.price, image: product.image }}
            compact
          />
          <DeleteProductButton id={product._id} name={product.name} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-sans text-sm leading-snug font-medium sm:text-[15px]">
          <Link
            to={href("/products/:id", { id: String(product._id) })}
            className="after:absolute after:inset-0 hover:text-brand-700"
          >
            {product.name}
          </Link>
        </h3>
        <PriceLine price={product.price} originalPrice={product.originalPrice} size="card" />
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
  idOf,
}: {
  products: ProductSummary[];
  priorityCount?: number;
  /** An id for the card at this place, to link to (the product list's pages). */
  idOf?: (index: number) => string | undefined;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product._id} id={idOf?.(index)} className="flex scroll-mt-4">
          <div className="w-full">
            <ProductCard product={product} priority={index < priorityCount} />
          </div>
        </li>
      ))}
    </ul>
  );
}
