import type { FormEvent } from "react";
import type { Category } from "#contract/catalog";
import { COUNTRY_SUGGESTIONS, MAX_COUNTRY_LENGTH } from "#contract/country-of-origin";
import { controlProps, FormField } from "~/components/form-field";
import type { FieldErrors, ProductValues } from "./product-form-values";

const SELECT_CLASS =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-600";

type BasicField =
  "name" | "description" | "price" | "originalPrice" | "category" | "countryOfOrigin" | "care";

/** The product's name, description, prices, category and country of origin. */
export function ProductBasics({
  values,
  errors,
  categories,
  onChange,
}: {
  values: ProductValues;
  errors: FieldErrors;
  categories: Category[];
  onChange: (field: BasicField, value: string) => void;
}) {
  const text = (key: BasicField) => ({
    value: values[key],
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(key, event.currentTarget.value),
  });
  return (
    <>
      <FormField id="product-name" label="Product Name" required error={errors.name}>
        <input
          type="text"
          autoComplete="off"
          maxLength={200}
          {...text("name")}
          {...controlProps("product-name", errors.name)}
        />
      </FormField>
      <FormField id="product-description" label="Description" required error={errors.description}>
        <textarea
          rows={4}
          maxLength={5000}
          {...text("description")}
          {...controlProps("product-description", errors.description)}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="product-price" label="Price (₹)" required error={errors.price}>
          <input
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            {...text("price")}
            {...controlProps("product-price", errors.price)}
          />
        </FormField>
        <FormField
          id="product-original-price"
          label="Original price (₹)"
          optional
          error={errors.originalPrice}
        >
          <input
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            {...text("originalPrice")}
            {...controlProps("product-original-price", errors.originalPrice)}
          />
        </FormField>
      </div>
      <FormField id="product-category" label="Category" required error={errors.category}>
        <select
          id="product-category"
          value={values.category}
          onChange={(event) => onChange("category", event.currentTarget.value)}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? "product-category-error" : undefined}
          className={`${SELECT_CLASS} ${errors.category ? "border-red-700" : "border-muted/70"}`}
        >
          <option value="">Select Category</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="product-country-of-origin"
        label="Country of origin"
        required
        hint="Where the piece was made, as the product page and the GST invoice state it"
        error={errors.countryOfOrigin}
      >
        <input
          type="text"
          autoComplete="off"
          maxLength={MAX_COUNTRY_LENGTH}
          list="country-suggestions"
          {...text("countryOfOrigin")}
          {...controlProps("product-country-of-origin", errors.countryOfOrigin, { hint: true })}
        />
        <datalist id="country-suggestions">
          {COUNTRY_SUGGESTIONS.map((country) => (
            <option key={country} value={country} />
          ))}
        </datalist>
      </FormField>
    </>
  );
}

/** The care notes, optional, at the end of the form. */
export function ProductCare({
  values,
  errors,
  onChange,
}: {
  values: ProductValues;
  errors: FieldErrors;
  onChange: (field: "care", value: string) => void;
}) {
  return (
    <FormField id="product-care" label="Care" optional error={errors.care}>
      <textarea
        rows={2}
        maxLength={2000}
        value={values.care}
        onInput={(event) => onChange("care", event.currentTarget.value)}
        {...controlProps("product-care", errors.care)}
      />
    </FormField>
  );
}
