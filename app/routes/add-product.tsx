import { STAFF_ROLES } from "#contract/accounts-rules";
import { useLoaderData, href, Link } from "react-router";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { privatePageHeaders } from "~/lib/page-headers";
import { ProductForm } from "~/admin/product-form";
import { categoriesCall } from "#contract/catalog";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Add New Product",
    description: "Add a product to the catalog.",
    url: absoluteUrl(matches, href("/addproduct")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const categories = await context.api(categoriesCall);
  if (!categories.ok) throw new Response(categories.message, { status: categories.status || 502 });
  return { categories: categories.data };
}

/** Spec section 2, "Add New Product". */
export default function AddProduct() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link
          to={href("/admin-dashboard")}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Admin Dashboard
        </Link>{" "}
        / Add New Product
      </nav>
      <h1 className="mt-2 mb-6 text-3xl font-bold">Add New Product</h1>
      <ProductForm categories={categories} />
    </div>
  );
}
