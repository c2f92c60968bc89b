import { sizeText } from "#contract/catalog-options";
import type { SizeFit } from "#contract/product-editing-rules";
import { controlProps, FormField } from "~/components/form-field";
import { CloseIcon } from "~/components/icons";
import type { FieldErrors, ProductValues } from "./product-form-values";

const SMALL_BUTTON =
  "inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50";
const SELECT_CLASS = "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink";
export const MAX_FEATURES = 20;

/** The product's features, one a line, each removable; none until staff write one. */
export function ProductFeatures({
  features,
  errors,
  onChange,
}: {
  features: string[];
  errors: FieldErrors;
  onChange: (features: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-semibold text-ink">
        Features <span className="font-normal text-muted">(optional)</span>
      </legend>
      {features.length === 0 && (
        <p className="text-sm text-muted">What sets this piece apart: its work, its lining, its dupatta.</p>
      )}
      <ul className="space-y-2">
        {features.map((feature, index) => {
          const id = `product-feature-${index}`;
          const error = errors[`features.${index}`];
          return (
            <li key={index}>
              <div className="flex gap-2">
                <input
                  type="text"
                  value={feature}
                  maxLength={200}
                  aria-label={`Feature ${index + 1}`}
                  onInput={(event) =>
                    onChange(
                      features.map((f, i) => (i === index ? (event.target as HTMLInputElement).value : f)),
                    )
                  }
                  {...controlProps(id, error)}
                />
                <button
                  type="button"
                  onClick={() => onChange(features.filter((_, i) => i !== index))}
                  aria-label={`Remove feature ${index + 1}`}
                  className="flex size-11 shrink-0 items-center justify-center rounded-full text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                >
                  <CloseIcon size={16} />
                </button>
              </div>
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => onChange([...features, ""])}
        disabled={features.length >= MAX_FEATURES}
        className={`mt-2 ${SMALL_BUTTON}`}
      >
        + Add Feature
      </button>
    </fieldset>
  );
}

/**
 * The product's own size and fit notes, which its page shows under "Size & fit": the model's height and the
 * size she wears (one of the sizes ticked), the fit and the fabric; each optional.
 */
export function ProductSizeFit({
  sizeFit,
  sizes,
  errors,
  onChange,
}: {
  sizeFit: SizeFit;
  sizes: ProductValues["sizes"];
  errors: FieldErrors;
  onChange: (sizeFit: SizeFit) => void;
}) {
  const set = (key: keyof SizeFit, value: string) => onChange({ ...sizeFit, [key]: value });
  const modelSizeError = errors["sizeFit.modelSize"];
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-semibold text-ink">
        Size &amp; fit <span className="font-normal text-muted">(optional; shown on the product page)</span>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="product-modelHeight"
          label="Model's height"
          hint={`As you would say it: 5'6" or 168 cm`}
          error={errors["sizeFit.modelHeight"]}
        >
          <input
            type="text"
            maxLength={30}
            value={sizeFit.modelHeight}
            onInput={(event) => set("modelHeight", (event.target as HTMLInputElement).value)}
            {...controlProps("product-modelHeight", errors["sizeFit.modelHeight"], { hint: true })}
          />
        </FormField>
        <FormField id="product-modelSize" label="Size the model wears" error={modelSizeError}>
          <select
            id="product-modelSize"
            value={sizeFit.modelSize}
            onChange={(event) => set("modelSize", (event.target as HTMLSelectElement).value)}
            aria-invalid={modelSizeError ? true : undefined}
            aria-describedby={modelSizeError ? "product-modelSize-error" : undefined}
            className={`${SELECT_CLASS} ${modelSizeError ? "border-red-700" : "border-muted/70"}`}
          >
            <option value="">{sizes.length ? "Not given" : "Tick the sizes first"}</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {sizeText(size)}
              </option>
            ))}
            {sizeFit.modelSize && !(sizes as string[]).includes(sizeFit.modelSize) && (
              <option value={sizeFit.modelSize}>{sizeText(sizeFit.modelSize)} (not ticked)</option>
            )}
          </select>
        </FormField>
      </div>
      <FormField
        id="product-fit"
        label="Fit"
        hint="Regular, relaxed, fitted; room left at the seams"
        error={errors["sizeFit.fit"]}
      >
        <textarea
          rows={2}
          maxLength={300}
          value={sizeFit.fit}
          onInput={(event) => set("fit", (event.target as HTMLTextAreaElement).value)}
          {...controlProps("product-fit", errors["sizeFit.fit"], { hint: true })}
        />
      </FormField>
      <FormField
        id="product-fabric"
        label="Fabric"
        hint="Georgette with a cotton lining, pure silk…"
        error={errors["sizeFit.fabric"]}
      >
        <textarea
          rows={2}
          maxLength={300}
          value={sizeFit.fabric}
          onInput={(event) => set("fabric", (event.target as HTMLTextAreaElement).value)}
          {...controlProps("product-fabric", errors["sizeFit.fabric"], { hint: true })}
        />
      </FormField>
    </fieldset>
  );
}
