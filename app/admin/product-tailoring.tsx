import { CUSTOMIZATION_OPTIONS, type CustomizationOption } from "#contract/tailoring-rules";
import { errorIdOf } from "~/components/form-field";
import type { FieldErrors, ProductValues } from "./product-form-values";

/** The id of the charge field of a tailoring option ("tailoring-fall-&-pico-charge"). */
export const chargeIdOf = (option: CustomizationOption) =>
  `tailoring-${option.toLowerCase().replace(/\s+/g, "-")}-charge`;

/**
 * The tailoring a product offers (decision 029): each option ticked, with its charge per piece (blank is
 * free). `errors` are by the offered list's index (`customizations.0.charge`).
 */
export function ProductTailoring({
  customizations,
  errors,
  onChange,
}: {
  customizations: ProductValues["customizations"];
  errors: FieldErrors;
  onChange: (customizations: ProductValues["customizations"]) => void;
}) {
  function offer(name: CustomizationOption, charge: string | null) {
    onChange(
      CUSTOMIZATION_OPTIONS.flatMap((option) => {
        if (option === name) return charge === null ? [] : [{ name, charge }];
        const kept = customizations.find((offered) => offered.name === option);
        return kept ? [kept] : [];
      }),
    );
  }
  return (
    <fieldset aria-describedby="tailoring-hint">
      <legend className="mb-1 text-sm font-semibold text-ink">Tailoring offered</legend>
      <p id="tailoring-hint" className="mb-2 text-sm text-muted">
        Tick what shoppers may ask for. Charge in ₹ per piece; leave it blank when it is free.
      </p>
      <ul className="divide-y divide-muted/20 rounded-lg ring-1 ring-muted/40">
        {CUSTOMIZATION_OPTIONS.map((option) => {
          const index = customizations.findIndex((item) => item.name === option);
          const offered = customizations[index];
          const id = chargeIdOf(option);
          const error = offered ? errors[`customizations.${index}.charge`] : undefined;
          return (
            <li key={option} className={`px-3 py-1.5 ${offered ? "bg-brand-50" : ""}`}>
              <div className="flex min-h-10 items-center justify-between gap-3">
                <label className="flex cursor-pointer items-center gap-2 font-medium">
                  <input
                    type="checkbox"
                    checked={offered !== undefined}
                    onChange={(event) =>
                      offer(option, (event.target as HTMLInputElement).checked ? "" : null)
                    }
                    className="size-4 accent-brand-600"
                  />
                  {option}
                </label>
                {offered && (
                  <div className="flex items-center gap-1">
                    <label htmlFor={id} className="text-sm text-muted">
                      <span className="sr-only">Charge for {option} </span>₹
                    </label>
                    <input
                      id={id}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      placeholder="Free"
                      value={offered.charge}
                      onInput={(event) => offer(option, (event.target as HTMLInputElement).value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorIdOf(id) : undefined}
                      className={`block w-28 rounded-md border bg-white px-2 py-1 text-right text-base ${error ? "border-red-700" : "border-muted/70"}`}
                    />
                  </div>
                )}
              </div>
              {error && (
                <p id={errorIdOf(id)} className="pb-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
