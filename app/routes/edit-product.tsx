import { useState } from "react";
import { useLoaderData, useRevalidator, href, Link } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { privatePageHeaders } from "~/lib/page-headers";
import { ProductForm } from "~/admin/product-form";
import { BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { categoriesCall } from "#contract/catalog";
import { productForStaffCall, setVisibilityCall } from "#contract/product-editing";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-product";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    title: data ? `Edit ${data.product.name}` : "Edit Product",
    description: "Edit a product of the catalog.",
    url: absoluteUrl(matches, matches.at(-1)?.pathname ?? "/admin"),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw new Response("Product not found", { status: 404 });
  const api = context.api;
  const [product, categories] = await Promise.all([
    api(productForStaffCall, { id: params.id }),
    api(categoriesCall),
  ]);
  if (!product.ok) throw new Response(product.message, { status: product.status || 502 });
  if (!categories.ok) throw new Response(categories.message, { status: categories.status || 502 });
  return { product: product.data, categories: categories.data };
}

/** Staff edit every field of a product, its images and its stock per size, and hide or show it. */
export default function EditProduct() {
  const { product, categories } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function toggleVisibility() {
    setBusy(true);
    const result = await browserApi(setVisibilityCall, { id: product._id, visible: product.hidden });
    setBusy(false);
    if (result.ok) {
      toast("success", result.message);
      void revalidator.revalidate();
    } else toast("error", "Error", result.message);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link
          to={href("/admin-dashboard")}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Admin Dashboard
        </Link>{" "}
        / Edit Product
      </nav>
      <div className="mt-2 mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold break-words">Edit {product.name}</h1>
          <p className="mt-1 text-muted">
            Product #{product._id} ·{" "}
            {product.hidden ? (
              <strong className="text-red-800">Hidden from the shop</strong>
            ) : (
              <strong className="text-green-800">In the shop</strong>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={() => void toggleVisibility()}
          disabled={busy}
          className={BUTTON_SECONDARY}
        >
          {product.hidden ? "Show in shop" : "Hide from shop"}
        </button>
      </div>
      {/* A new key after each save: the form starts again from what the server now has. */}
      <ProductForm
        key={JSON.stringify(product)}
        categories={categories}
        product={product}
        onSaved={() => void revalidator.revalidate()}
      />
    </div>
  );
}
