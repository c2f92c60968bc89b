import { lazy, Suspense, useState } from "react";
import { pathIdField } from "#contract/ids";
import { data, useSearchParams, href, Link } from "react-router";
import { showInPlace, stayOnShownPage } from "~/components/navigation";
import type { ProductDetail } from "#contract/catalog";
import { useCart } from "~/cart/cart-context";
import { PriceLine } from "~/catalog/price-line";
import { productViewUrl, readProductView, type ProductView as View } from "~/catalog/product-view";
import { ProductTabs } from "~/catalog/product-tabs";
import { SizeGuide } from "~/catalog/size-guide";
import { SizeMissing, SizeOptions } from "~/catalog/size-options";
import { StaffEditLink } from "~/catalog/staff-edit-link";
import { stockLabel } from "~/catalog/stock-label";
import { StockAlertForm } from "~/catalog/stock-alert-form";
import { DeliveryCheckForm } from "~/shipping/delivery-check-form";
import type { ReviewSummary } from "~/catalog/review-list";
import { CheckCircleIcon, MinusIcon, PlusIcon, TruckIcon } from "~/components/icons";
import { ResponsivePicture } from "~/components/picture";
import { toast } from "~/components/toast";
import { DeliveryRuleText } from "~/content/store-details";
import { answerOrFailure } from "~/lib/request-failure";
import { getProductCall } from "#contract/catalog";
import { productReviewsCall } from "#contract/reviews";
import { productJsonLd } from "~/catalog/product-json-ld";
import { discountPercent } from "~/lib/money";
import { absoluteUrl, onStore, pageMeta } from "~/lib/seo";
import { WishlistButton } from "~/wishlist/wishlist-button";
import type { Route } from "./+types/product";
import { sharedPageHeaders } from "~/lib/page-headers";

export const headers = sharedPageHeaders;

/** Loaded when a shopper first opens it: most never do. */
const CustomizeDialog = lazy(() => import("~/catalog/customize-dialog"));

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!pathIdField("Invalid product ID").safeParse(params.id).success) {
    return data({ product: null, reviews: null, jsonLd: null, error: "Invalid product ID" }, { status: 404 });
  }
  const [result, reviews] = await Promise.all([
    context.api(getProductCall, { id: params.id }),
    context.api(productReviewsCall, { productId: params.id }),
  ]);
  // The reviews are a part of the page it can do without: a failure shows the tab's empty text.
  if (result.ok) {
    const product = result.data;
    const url = onStore(context.publicUrl, href("/products/:id", { id: String(product._id) }));
    const image = product.image ? onStore(context.publicUrl, product.image) : null;
    return {
      product,
      reviews: reviews.ok ? reviews.data : null,
      jsonLd: productJsonLd(product, reviews.ok ? reviews.data.reviews : [], url, image),
      error: null,
    };
  }
  const failed = { product: null, reviews: null, jsonLd: null };
  if (result.status === 404 || result.status === 400) {
    return data({ ...failed, error: result.message }, { status: 404 });
  }
  return data({ ...failed, error: "Failed to fetch product" }, { status: 502 });
}

const FETCH_FAILED = "Failed to fetch product";

/**
 * A product the network or the server failed to bring keeps the page it was opened from (a list keeps its
 * Load More pages) and says so in the spec's toast.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const answer = await answerOrFailure(request, serverLoader, () => ({
    product: null,
    reviews: null,
    jsonLd: null,
    error: FETCH_FAILED,
  }));
  if (answer.error === FETCH_FAILED) {
    toast("error", FETCH_FAILED);
    stayOnShownPage();
  }
  return answer;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const product = loaderData?.product;
  if (!product)
    return pageMeta({
      title: "Product not found",
      description: "This product is not available.",
      noindex: true,
    });
  const url = absoluteUrl(matches, href("/products/:id", { id: String(product._id) }));
  const image = product.image ? absoluteUrl(matches, product.image) : null;
  return [
    ...pageMeta({
      title: product.name,
      description: product.description.slice(0, 160),
      url,
      image,
      type: "product",
    }),
    { property: "product:price:amount", content: product.price.toFixed(2) },
    { property: "product:price:currency", content: "INR" },
    { "script:ld+json": loaderData.jsonLd },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Error: {loaderData.error}</h1>
        <Link
          to={href("/products")}
          className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white"
        >
          Browse products
        </Link>
      </section>
    );
  }
  return (
    <ProductView key={loaderData.product._id} product={loaderData.product} reviews={loaderData.reviews} />
  );
}

function ProductView({ product, reviews }: { product: ProductDetail; reviews: ReviewSummary | null }) {
  const cart = useCart();
  // The picture and tab the address names (the thumbnails' and tabs' links without scripts).
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<View>(() => readProductView(searchParams, product.pictures.length));
  const imageIndex = view.image;
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  // No more pieces than the chosen size has (or, before a size is chosen, than the best-stocked one).
  const available = size
    ? (product.sizes.find((option) => option.label === size)?.stock ?? 0)
    : Math.max(0, ...product.sizes.map((option) => option.stock));
  const discount = discountPercent(product.price, product.originalPrice);
  const stock = stockLabel(product, size);
  const mainPicture = product.pictures[imageIndex] ?? null;
  const hasThumbnails = product.pictures.length > 1;

  function askForSize() {
    setSizeError(true);
    toast("error", "Please select a size before adding to bag");
  }

  function addToBag() {
    if (size === null) return askForSize();
    cart.add({
      id: product._id,
      name: product.name,
      title: product.name,
      image: product.image,
      price: product.price,
      size,
      quantity,
    });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to={href("/products")} className="hover:underline">
              Shop
            </Link>{" "}
            /
          </li>
          <li>
            <Link to={`${href("/products")}?category=${product.category.id}`} className="hover:underline">
              {product.category.name}
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="text-ink">
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        {/* The main image comes first in the page, as on a phone's screen: a page that arrives in parts
              never shows the thumbnails alone, to push them down when the image arrives. From sm up the
              thumbnails take a column of their own on its left. */}
        <div className={hasThumbnails ? "grid gap-3 sm:grid-cols-[5rem_1fr]" : undefined}>
          <div className="relative sm:col-start-2 sm:row-start-1">
            <ResponsivePicture
              picture={mainPicture}
              sizes="(min-width: 768px) 45vw, 100vw"
              priority
              className="aspect-[3/4] h-auto w-full rounded-lg object-cover"
            />
            {discount ? (
              <span className="absolute top-3 left-3 rounded bg-brand-700 px-2 py-1 text-sm font-semibold text-white">
                {discount}% OFF
              </span>
            ) : null}
          </div>
          {hasThumbnails ? (
            <ul className="flex gap-2 sm:col-start-1 sm:row-start-1 sm:flex-col" aria-label="Product images">
              {product.pictures.map((picture, index) => (
                <li key={picture.src}>
                  <a
                    href={productViewUrl(product._id, { ...view, image: index })}
                    onClick={showInPlace(() => setView({ ...view, image: index }))}
                    aria-label={`Show image ${index + 1} of ${product.pictures.length}`}
                    aria-current={index === imageIndex}
                    className={`block w-16 overflow-hidden rounded ring-2 sm:w-20 ${index === imageIndex ? "ring-brand-600" : "ring-transparent"}`}
                  >
                    <ResponsivePicture
                      picture={picture}
                      sizes="80px"
                      alt=""
                      className="aspect-[3/4] h-auto w-full object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div>
          <div className="flex items-start justify-between gap-3">
            <p className="text-sm tracking-wide text-muted uppercase">{product.category.name}</p>
            <StaffEditLink id={product._id} name={product.name} />
          </div>
          <h1 className="mt-1 text-3xl font-bold">{product.name}</h1>
          <PriceLine price={product.price} originalPrice={product.originalPrice} size="page" />
          <p className="text-sm text-muted">Inclusive of all taxes</p>
          <p className="mt-1 text-sm" data-testid="country-of-origin">
            <span className="text-muted">Country of origin:</span> {product.countryOfOrigin}
          </p>
          <p className="mt-5 leading-relaxed">{product.description}</p>

          <div className="relative mt-6">
            <div className="absolute top-0 right-0">
              <SizeGuide chart={product.sizeChart} />
            </div>
            <fieldset>
              <legend className="font-semibold">Select Size</legend>
              <SizeOptions
                name="size"
                sizes={product.sizes}
                selected={size}
                onSelect={(option) => {
                  setSize(option.label);
                  setQuantity((current) => Math.min(current, option.stock));
                  setSizeError(false);
                }}
              />
              {sizeError ? <SizeMissing /> : null}
            </fieldset>
          </div>

          <div className="mt-6 flex items-center gap-4">
            {/* The quantity is chosen for the bag, which needs scripts (the note below). */}
            <span className="font-semibold noscript:hidden" id="quantity-label">
              Quantity
            </span>
            <div
              className="flex items-center rounded border border-brand-200 noscript:hidden"
              role="group"
              aria-labelledby="quantity-label"
            >
              <button
                type="button"
                onClick={() => setQuantity((current) => Math.max(1, current - 1))}
                disabled={quantity <= 1}
                aria-label="Decrease quantity"
                className="p-2 disabled:opacity-40"
              >
                <MinusIcon size={18} />
              </button>
              <output aria-live="polite" className="w-10 text-center">
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => setQuantity((current) => Math.min(available, current + 1))}
                disabled={quantity >= available}
                aria-label="Increase quantity"
                className="p-2 disabled:opacity-40"
              >
                <PlusIcon size={18} />
              </button>
            </div>
            <p className={`text-sm font-semibold ${stock.tone}`} aria-live="polite">
              {stock.text}
            </p>
          </div>
          <StockAlertForm
            productId={product._id}
            soldOutSizes={product.sizes.filter((option) => option.stock === 0).map((option) => option.label)}
          />

          <noscript>
            <p className="mt-8 rounded-lg border border-brand-200 bg-white p-4">
              The bag and the wishlist are kept in your browser by JavaScript, which is turned off. Turn it on
              to add this piece to your bag or wishlist and to check out.
            </p>
          </noscript>
          {/* Without scripts these buttons could do nothing: the note above says so instead. */}
          <div className="mt-8 flex flex-col gap-3 noscript:hidden sm:flex-row">
            <button
              type="button"
              onClick={addToBag}
              disabled={!product.inStock}
              className="flex-1 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
            >
              ADD TO BAG
            </button>
            <WishlistButton
              item={{ id: product._id, name: product.name, price: product.price, image: product.image }}
            />
          </div>
          {product.customizations.length > 0 ? (
            <div className="mt-4 rounded-lg border border-brand-100 bg-brand-50/60 p-4 noscript:hidden">
              <p className="text-sm">
                <span className="font-semibold">Tailored for you:</span>{" "}
                {product.customizations.map((offered) => offered.name).join(", ")}.
              </p>
              <button
                type="button"
                onClick={() => (size === null ? askForSize() : setCustomizing(true))}
                disabled={!product.inStock}
                aria-haspopup="dialog"
                className="mt-2 font-semibold text-brand-700 underline disabled:opacity-50"
              >
                Customise this piece
              </button>
            </div>
          ) : null}
          <DeliveryCheckForm productId={product._id} customisable={product.customizations.length > 0} />
          {customizing && size ? (
            <Suspense fallback={null}>
              <CustomizeDialog
                product={product}
                size={size}
                quantity={quantity}
                onClose={() => setCustomizing(false)}
                onAdd={(item) => {
                  setCustomizing(false);
                  cart.add(item);
                }}
              />
            </Suspense>
          ) : null}
          <ul className="mt-6 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <TruckIcon size={18} className="text-brand-700" />
              <span data-testid="delivery-rule">
                <DeliveryRuleText />
              </span>
            </li>
            <li className="flex items-center gap-2">
              <CheckCircleIcon size={18} className="text-brand-700" />
              100% Original Products
            </li>
          </ul>
        </div>
      </div>
      <ProductTabs
        product={product}
        reviews={reviews}
        active={view.tab}
        hrefOf={(tab) => productViewUrl(product._id, { ...view, tab }, true)}
        onChange={(tab) => setView({ ...view, tab })}
      />
    </div>
  );
}
