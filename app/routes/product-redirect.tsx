import { redirect, href } from "react-router";
import type { Route } from "./+types/product-redirect";

/** Older links (cart and order items) point at /product/{id}; the product page lives at /products/{id}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/products/:id", { id: encodeURIComponent(params.id) }), 301);
}
