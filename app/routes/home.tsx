import type { Category } from "#contract/catalog";
import { STORE } from "#contract/store";
import { ProductGrid } from "~/catalog/product-card";
import { ResponsivePicture } from "~/components/picture";
import { getProductsCall } from "#contract/catalog";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.api;
  const [newArrivals, bestsellers] = await Promise.all([
    api(getProductsCall, { limit: 8, sort: "newest" }),
    api(getProductsCall, { limit: 8, sort: "bestsellers" }),
  ]);
  return {
    newArrivals: newArrivals.ok ? newArrivals.data : [],
    bestsellers: bestsellers.ok ? bestsellers.data : [],
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: STORE.name,
    description: `${STORE.tagline}: Anarkalis, lehengas, half sarees, ethnic wear and kids' wear, made to your measure and shipped across India.`,
    url: absoluteUrl(matches, "/"),
  });

/** The grid hides the legacy 'western wear' category, as the spec says. */
const visibleCategories = (categories: Category[]) =>
  categories.filter((category) => category.name.trim().toLowerCase() !== "western wear");

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const categories = visibleCategories(matches[0].data.categories);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:py-20 md:grid-cols-2 md:items-center">
          <div>
            <p className="text-sm tracking-[0.2em] text-brand-200 uppercase">Festive & wedding edit</p>
            <h1 className="mt-3 text-4xl leading-tight font-bold sm:text-5xl">
              Ethnic wear, tailored to the way you celebrate
            </h1>
            <p className="mt-4 max-w-md text-brand-100">
              Anarkalis, lehengas and half sarees handpicked in Hyderabad, with sleeves, blouse fit and length
              customised to you. Delivered across India.
            </p>
            <Link
              to={href("/products")}
              className="mt-8 inline-block rounded-full bg-white px-8 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Shop Now
            </Link>
          </div>
          <ul className="hidden grid-cols-3 gap-3 md:grid" aria-hidden="true">
            {loaderData.newArrivals.slice(0, 3).map((product, index) => (
              <li key={product._id} className={index === 1 ? "translate-y-6" : ""}>
                <ResponsivePicture
                  picture={product.picture}
                  sizes="200px"
                  alt=""
                  className="aspect-[3/4] h-auto w-full rounded-lg object-cover shadow-xl"
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 pt-12">
        <h2 id="categories-title" className="text-2xl font-bold sm:text-3xl">
          Shop by Category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-5">
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link
                to={`${href("/products")}?category=${category.id}`}
                className="group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-brand-100"
              >
                <ResponsivePicture
                  picture={category.picture}
                  sizes="(min-width: 768px) 20vw, 50vw"
                  priority={index < 2}
                  alt=""
                  className="aspect-[3/4] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03]"
                />
                <span className="block px-3 py-2 text-center font-medium group-hover:text-brand-700">
                  {category.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ProductRow
        title="New Arrivals"
        id="new-arrivals"
        products={loaderData.newArrivals}
        link={`${href("/products")}?sort=newest`}
      />
      <ProductRow
        title="Bestsellers"
        id="bestsellers"
        products={loaderData.bestsellers}
        link={`${href("/products")}?sort=bestsellers`}
      />
    </>
  );
}

function ProductRow({
  title,
  id,
  products,
  link,
}: {
  title: string;
  id: string;
  products: Route.ComponentProps["loaderData"]["newArrivals"];
  link: string;
}) {
  if (products.length === 0) return null;
  // Below the first screen: laid out and painted when a shopper scrolls near it, not during the page load.
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-7xl px-4 pt-12 [contain-intrinsic-size:auto_1200px] [content-visibility:auto]"
    >
      <div className="flex items-baseline justify-between">
        <h2 id={id} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <Link to={link} className="text-sm font-semibold text-brand-700 hover:underline">
          View all<span className="sr-only"> {title}</span>
        </Link>
      </div>
      <div className="mt-6">
        <ProductGrid products={products} />
      </div>
    </section>
  );
}
