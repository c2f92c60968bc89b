import { SIZES, sizeText } from "#contract/catalog-options";
import { MAX_STOCK } from "#contract/product-editing-rules";
import { errorIdOf } from "~/components/form-field";
import type { FieldErrors, Size } from "./product-form-values";

/**
 * The sizes the product comes in, each ticked with its own stock (required: nothing is assumed); kids' sizes
 * read as ages. On the edit page each size says what unpaid orders hold of it (`reserved`).
 */
export function ProductStock({
  sizes,
  stock,
  reserved,
  errors,
  onSizes,
  onStock,
}: {
  sizes: Size[];
  stock: Partial<Record<Size, string>>;
  /** What unpaid orders hold of each size; none on /addproduct. */
  reserved: Map<string, number> | null;
  errors: FieldErrors;
  onSizes: (sizes: Size[]) => void;
  onStock: (size: Size, value: string) => void;
}) {
  const sizeError = errors.size;
  function toggle(size: Size, checked: boolean) {
    onSizes(SIZES.filter((label) => (label === size ? checked : sizes.includes(label))));
  }
  return (
    <fieldset aria-describedby={sizeError ? errorIdOf("product-sizes") : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">
        Available Sizes and stock
        <span aria-hidden="true" className="ml-0.5 text-brand-700">
          *
        </span>
      </legend>
      <div className="grid grid-cols-2 items-start gap-2 sm:grid-cols-3">
        {SIZES.map((size) => {
          const checked = sizes.includes(size);
          const held = reserved?.get(size) ?? 0;
          const error = errors[`stock.${size}`];
          const stockId = `stock-${size}`;
          return (
            <div
              key={size}
              className={`rounded-lg px-3 py-2 ring-1 ${checked ? "bg-brand-50 ring-brand-300" : sizeError ? "ring-red-700" : "ring-muted/40"}`}
            >
              <label className="flex min-h-6 cursor-pointer items-center gap-2 font-medium">
                <input
                  id={`size-${size}`}
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => toggle(size, (event.target as HTMLInputElement).checked)}
                  aria-invalid={sizeError ? true : undefined}
                  className="size-4 accent-brand-600"
                />
                {sizeText(size)}
              </label>
              {checked && (
                <div className="mt-1.5">
                  <label htmlFor={stockId} className="text-xs text-muted">
                    Stock of {sizeText(size)}
                  </label>
                  <input
                    id={stockId}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    max={MAX_STOCK}
                    step="1"
                    value={stock[size] ?? ""}
                    onInput={(event) => onStock(size, (event.target as HTMLInputElement).value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorIdOf(stockId) : undefined}
                    className={`mt-0.5 block w-full rounded-md border bg-white px-2 py-1 text-base ${error ? "border-red-700" : "border-muted/70"}`}
                  />
                  {error && (
                    <p id={errorIdOf(stockId)} className="mt-1 text-xs text-red-700">
                      {error}
                    </p>
                  )}
                  {reserved && (
                    <p className="mt-1 text-xs text-muted">
                      {held > 0 ? `${held} held by unpaid orders` : "None held by unpaid orders"}
                    </p>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {sizeError && (
        <p id={errorIdOf("product-sizes")} className="mt-1.5 text-sm text-red-700">
          {sizeError}
        </p>
      )}
    </fieldset>
  );
}
