import { useEffect } from "react";
import { useFetcher } from "react-router";
import { categoryParcel, type CategoryParcel, type CategoryParcels } from "#contract/courier-parcels";
import { controlProps, FormField, FormNotice } from "~/components/form-field";
import { BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { formText } from "~/lib/form-values";

/** The intent the settings page's action answers with saveCategoryParcel (routes/store-settings.tsx). */
export const CATEGORY_PARCEL_INTENT = "category-parcel";

const FIELDS: { name: keyof CategoryParcel; label: string }[] = [
  { name: "weightGrams", label: "Weight (g)" },
  { name: "lengthCm", label: "Length (cm)" },
  { name: "widthCm", label: "Width (cm)" },
  { name: "heightCm", label: "Height (cm)" },
];

export type CategoryParcelAnswer = {
  kind: typeof CATEGORY_PARCEL_INTENT;
  ok: boolean;
  message: string;
  errors: Partial<Record<keyof CategoryParcel, string>>;
};

/**
 * What a category's form asks for: its parcel, or (the "usual parcel" button) none. Numbers as typed: the
 * contract's checks (the server's own) say what is wrong with each.
 */
export function categoryParcelFromForm(
  form: FormData,
):
  | { categoryId: number; parcel: CategoryParcel | null; errors?: never }
  | { categoryId: number; errors: CategoryParcelAnswer["errors"] } {
  const categoryId = Number(formText(form, "categoryId"));
  if (formText(form, "use") === "usual") return { categoryId, parcel: null };
  const typed = Object.fromEntries(
    FIELDS.map(({ name }) => {
      const text = formText(form, name).trim();
      return [name, text === "" ? Number.NaN : Number(text)];
    }),
  );
  const parsed = categoryParcel.safeParse(typed);
  if (parsed.success) return { categoryId, parcel: parsed.data };
  const errors: CategoryParcelAnswer["errors"] = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof CategoryParcel] ??= issue.message;
  return { categoryId, errors };
}

/**
 * The parcel of one piece of each category (decision 050): "Ship with Delhivery" weighs an order by its pieces'
 * categories and takes the largest of their boxes; a category left to the usual parcel uses the one above.
 */
export function CategoryParcelsSection({ rows }: { rows: CategoryParcels }) {
  return (
    <section aria-labelledby="category-parcels-title" className="mt-10">
      <h2 id="category-parcels-title" className="text-xl font-bold">
        Parcel of one piece, by category
      </h2>
      <p className="mt-2 text-muted">
        The weight and box of one piece: Ship with Delhivery adds up the pieces&apos; weights and uses the
        largest of their boxes. A category without its own uses the usual parcel above.
      </p>
      <div className="mt-4 space-y-4">
        {rows.map((row) => (
          <CategoryParcelForm key={row.category.id} row={row} />
        ))}
      </div>
    </section>
  );
}

function CategoryParcelForm({ row }: { row: CategoryParcels[number] }) {
  const fetcher = useFetcher<CategoryParcelAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer?.errors ?? {};
  const { id, name } = row.category;
  useEffect(() => {
    if (answer?.ok) toast("success", answer.message);
  }, [answer]);
  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-label={`Parcel of ${name}`}
      className="rounded-2xl bg-white p-4 ring-1 ring-brand-100"
    >
      <input type="hidden" name="intent" value={CATEGORY_PARCEL_INTENT} />
      <input type="hidden" name="categoryId" value={id} />
      <p className="font-semibold">
        {name}{" "}
        <span className="font-normal text-muted">
          {row.parcel ? "(its own parcel)" : "(the usual parcel)"}
        </span>
      </p>
      {answer && !answer.ok && Object.keys(errors).length === 0 ? (
        <FormNotice tone="error" className="mt-2">
          {answer.message}
        </FormNotice>
      ) : null}
      {/* Keyed by the saved parcel: once saved or given back, the fields show what the store keeps. */}
      <div key={JSON.stringify(row.parcel)} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FIELDS.map((field) => {
          const fieldId = `category-${id}-${field.name}`;
          return (
            <FormField key={field.name} id={fieldId} label={field.label} error={errors[field.name]}>
              <input
                name={field.name}
                inputMode="numeric"
                defaultValue={row.parcel?.[field.name] ?? ""}
                {...controlProps(fieldId, errors[field.name])}
              />
            </FormField>
          );
        })}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <button
          type="submit"
          name="use"
          value="own"
          className={BUTTON_SECONDARY}
          disabled={fetcher.state !== "idle"}
        >
          Save {name}&apos;s parcel
        </button>
        {row.parcel ? (
          <button
            type="submit"
            name="use"
            value="usual"
            className={TEXT_LINK}
            disabled={fetcher.state !== "idle"}
          >
            Use the usual parcel
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
