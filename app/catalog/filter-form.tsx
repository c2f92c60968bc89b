import { useState } from "react";
import type { Category } from "#contract/catalog";
import { PRICE_BANDS } from "#contract/catalog-options";
import type { ProductFilters } from "./product-filters";
import { href, Form } from "react-router";

const SORT_LABELS: Record<string, string> = {
  newest: "Newest first",
  bestsellers: "Bestsellers",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

/**
 * A field's value as the shopper sets it, and as the page's address sets it again when it changes (Back,
 * a link): the field stays in the page meanwhile, so the keyboard stays on it while the list loads.
 */
function useValueFromUrl(fromUrl: string): [string, (value: string) => void] {
  const [state, setState] = useState({ fromUrl, value: fromUrl });
  // A new address: React renders again at once with its value (react.dev, "Adjusting some state when a prop changes").
  if (state.fromUrl !== fromUrl) setState({ fromUrl, value: fromUrl });
  const value = state.fromUrl === fromUrl ? state.value : fromUrl;
  return [value, (next) => setState({ fromUrl, value: next })];
}

/**
 * The product list's filters: category and price as radio buttons, and the order. Beside the list they
 * apply as they change (`autoSubmit`); in the phone's dialog, with Apply Filters. Without scripts the form
 * is sent by Apply Filters, and the page comes back with the list filtered (the filters live in the address).
 */
export function FilterForm({
  filters,
  categories,
  autoSubmit = false,
  onApply,
}: {
  filters: ProductFilters;
  categories: Category[];
  autoSubmit?: boolean;
  onApply?: () => void;
}) {
  const idPrefix = autoSubmit ? "side" : "dialog";
  const [sort, setSort] = useValueFromUrl(filters.sort ?? "");
  return (
    <Form
      method="get"
      action={href("/products")}
      onChange={autoSubmit ? (event) => event.currentTarget.requestSubmit() : undefined}
      onSubmit={onApply}
      className="space-y-6"
    >
      {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
      <RadioGroup
        legend="Category"
        name="category"
        allLabel="All categories"
        options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        selected={filters.category ? String(filters.category) : ""}
        idPrefix={`${idPrefix}-cat`}
      />
      <RadioGroup
        legend="Price"
        name="price"
        allLabel="All prices"
        options={PRICE_BANDS.map((band) => ({ value: band.id, label: band.label }))}
        selected={filters.price ?? ""}
        idPrefix={`${idPrefix}-price`}
      />
      <div>
        <label htmlFor={`${idPrefix}-sort`} className="mb-2 block font-semibold">
          Sort by
        </label>
        <select
          id={`${idPrefix}-sort`}
          name="sort"
          value={sort}
          onChange={(event) => setSort(event.target.value)}
          className="w-full rounded border border-brand-200 bg-white px-3 py-2"
        >
          <option value="">{filters.search ? "Best match" : "Newest first"}</option>
          {Object.entries(SORT_LABELS)
            // Without a search the first option already sorts newest first.
            .filter(([value]) => filters.search || value !== "newest")
            .map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
        </select>
      </div>
      <button
        type="submit"
        // Beside the list the filters apply as they change once the page has hydrated; the button then shows
        // only to the keyboard there. Before, or without scripts, it is how they apply.
        className={`w-full rounded-full bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700 ${autoSubmit ? "hydrated:sr-only hydrated:focus:not-sr-only hydrated:focus:w-full hydrated:focus:py-3" : ""}`}
      >
        Apply Filters
      </button>
    </Form>
  );
}

/** A filter as radio buttons: "all" (the empty value) first, then each option. */
function RadioGroup({
  legend,
  name,
  allLabel,
  options,
  selected,
  idPrefix,
}: {
  legend: string;
  name: string;
  allLabel: string;
  options: { value: string; label: string }[];
  selected: string;
  idPrefix: string;
}) {
  const [checked, setChecked] = useValueFromUrl(selected);
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{legend}</legend>
      {[{ value: "", label: allLabel }, ...options].map((option) => (
        <div key={option.value} className="flex items-center gap-2 py-1">
          <input
            type="radio"
            id={`${idPrefix}-${option.value || "all"}`}
            name={name}
            value={option.value}
            checked={option.value === checked}
            onChange={() => setChecked(option.value)}
            className="h-4 w-4 accent-brand-600"
          />
          <label htmlFor={`${idPrefix}-${option.value || "all"}`}>{option.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
