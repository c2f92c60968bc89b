import { useFetcher } from "react-router";
import { sizeText } from "#contract/catalog-options";
import { LOW_STOCK_AT, MAX_STOCK } from "#contract/product-editing-rules";
import type { StaffProductRow } from "#contract/staff-products";
import { errorIdOf } from "~/components/form-field";

/** What the staff products page's action answers about one product's stock. */
export type StockAnswer = {
  productId: number;
  ok: boolean;
  message: string;
  errors?: Record<string, string> | undefined;
};

const stockClass = (stock: number) =>
  stock === 0 ? "font-bold text-red-800" : stock <= LOW_STOCK_AT ? "font-semibold text-amber-800" : "";

/** A product's sizes and their stock, as the row shows them. */
export function StockSummary({ product }: { product: StaffProductRow }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label={`Stock of ${product.name}`}>
      {product.sizes.map((size) => (
        <li key={size.label} className="whitespace-nowrap">
          <span className="text-muted">{sizeText(size.label)}:</span>{" "}
          <span className={stockClass(size.stock)}>{size.stock === 0 ? "sold out" : size.stock}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Staff set the stock of each size of a product from the list: a disclosure with a number per size, saved
 * by the page's action (a fetcher, so the list stays where it is; a plain post without scripts). `answer`
 * is the action's answer for this product when the form was posted without scripts.
 */
export function StockEditor({ product, answer }: { product: StaffProductRow; answer?: StockAnswer }) {
  const fetcher = useFetcher<StockAnswer>();
  const shown = fetcher.data ?? answer;
  const saving = fetcher.state !== "idle";
  const idOf = (size: string) => `stock-${product._id}-${size}`;
  return (
    <details className="group" open={shown !== undefined && !shown.ok ? true : undefined}>
      <summary className="inline-flex cursor-pointer items-center rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
        Edit stock<span className="sr-only"> of {product.name}</span>
      </summary>
      <fetcher.Form method="post" noValidate className="mt-3" aria-label={`Stock of ${product.name}`}>
        <input type="hidden" name="id" value={product._id} />
        <div className="flex flex-wrap gap-3">
          {product.sizes.map((size) => {
            const error = shown?.errors?.[`stock.${size.label}`];
            return (
              <div key={size.label} className="w-24">
                <label htmlFor={idOf(size.label)} className="block text-xs text-muted">
                  Stock of {sizeText(size.label)}
                </label>
                <input
                  id={idOf(size.label)}
                  name={`stock.${size.label}`}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  max={MAX_STOCK}
                  step="1"
                  required
                  defaultValue={size.stock}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorIdOf(idOf(size.label)) : undefined}
                  className={`mt-0.5 block w-full rounded-md border bg-white px-2 py-1 text-base ${error ? "border-red-700" : "border-muted/70"}`}
                />
                {error && (
                  <p id={errorIdOf(idOf(size.label))} className="mt-1 text-xs text-red-700">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={saving}
            className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:bg-brand-700"
          >
            {saving ? "Saving…" : "Save stock"}
          </button>
          {shown && (
            <p
              role={shown.ok ? "status" : "alert"}
              className={shown.ok ? "text-sm text-green-800" : "text-sm text-red-700"}
            >
              {shown.message}
            </p>
          )}
        </div>
      </fetcher.Form>
    </details>
  );
}
