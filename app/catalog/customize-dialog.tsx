import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { ProductDetail } from "#contract/catalog";
import { formatRupees } from "#contract/money";
import {
  customizationProblems,
  MAX_LABEL_LENGTH,
  MAX_NOTE_LENGTH,
  measurementRange,
  MEASUREMENT_LABELS,
  MEASUREMENTS,
  OPTION_NEEDS,
  TAILORING_MESSAGES,
  UNIT_NAMES,
  type CustomizationOption,
  type CustomizationRequest,
  type Measurement,
  type MeasurementUnit,
} from "#contract/tailoring-rules";
import type { SavedMeasurements } from "#contract/tailoring";
import { useSignedInUser } from "~/accounts/signed-in-user";
import type { CartItem } from "~/cart/cart-lines";
import { controlProps, FormField } from "~/components/form-field";
import { DialogHeader, ModalDialog } from "~/components/modal-dialog";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { browserApi } from "~/lib/api-client";
import { href } from "react-router";

type Errors = Partial<Record<string, string>>;

/**
 * The product page's Customise dialog (loaded when a shopper first opens it): the tailoring this product
 * offers, the measurements in inches or centimetres (a saved set fills them; a signed-in shopper can save
 * them), and a note. It checks what the tailor needs with the rules the server applies, shows the price of a
 * piece with the charges, and adds the customised piece to the bag as a line of its own.
 */
export default function CustomizeDialog({
  product,
  size,
  quantity,
  onAdd,
  onClose,
}: {
  product: Pick<ProductDetail, "_id" | "name" | "price" | "image" | "customizations">;
  size: string;
  quantity: number;
  onAdd: (item: CartItem) => void;
  onClose: () => void;
}) {
  const id = useId();
  const user = useSignedInUser();
  const form = useRef<HTMLFormElement>(null);
  const [options, setOptions] = useState<CustomizationOption[]>([]);
  const [unit, setUnit] = useState<MeasurementUnit>("in");
  const [values, setValues] = useState<Partial<Record<Measurement, string>>>({});
  const [note, setNote] = useState("");
  const [saved, setSaved] = useState<SavedMeasurements[]>([]);
  const [saveAs, setSaveAs] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // A signed-in shopper's saved measurements, asked for when the dialog opens.
  useEffect(() => {
    if (!user) return;
    let current = true;
    void import("#contract/tailoring")
      .then(({ savedMeasurementsCall }) => browserApi(savedMeasurementsCall))
      .then((result) => {
        if (current && result.ok) setSaved(result.data);
      });
    return () => {
      current = false;
    };
  }, [user]);

  const chargeOf = (name: string) =>
    product.customizations.find((offered) => offered.name === name)?.charge ?? 0;
  const charges = options.reduce((sum, name) => sum + chargeOf(name), 0);
  const piecePrice = Math.round((product.price + charges) * 100) / 100;
  const needed = new Set(options.flatMap((option) => OPTION_NEEDS[option].measurements));
  const noteHints = options.flatMap((option) => OPTION_NEEDS[option].note ?? []);

  const request = (): CustomizationRequest => ({
    options,
    unit,
    measurements: Object.fromEntries(
      MEASUREMENTS.flatMap((measurement) => {
        const text = values[measurement]?.trim() ?? "";
        return text === "" ? [] : [[measurement, Number(text.replace(",", "."))]];
      }),
    ),
    note: note.trim(),
  });

  const clearError = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  function fillFromSaved(savedId: string) {
    const set = saved.find((candidate) => String(candidate.id) === savedId);
    if (!set) return;
    setUnit(set.unit);
    setValues(
      Object.fromEntries(
        Object.entries(set.measurements).map(([measurement, value]) => [measurement, String(value)]),
      ),
    );
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const customization = request();
    const problems: Errors = customizationProblems(
      customization,
      product.customizations.map((offered) => offered.name),
      product.name,
    );
    if (saveAs !== null && (saveAs.trim() === "" || saveAs.trim().length > MAX_LABEL_LENGTH))
      problems.saveAs = TAILORING_MESSAGES.label;
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) {
      // The keyboard goes to the first field to mend.
      requestAnimationFrame(() =>
        form.current
          ?.querySelector<HTMLElement>("[aria-invalid='true'], fieldset[data-invalid] input")
          ?.focus(),
      );
      return;
    }
    if (user && saveAs !== null) {
      setBusy(true);
      const { saveMeasurementsCall } = await import("#contract/tailoring");
      const result = await browserApi(saveMeasurementsCall, {
        label: saveAs.trim(),
        unit: customization.unit,
        measurements: customization.measurements,
      });
      setBusy(false);
      if (!result.ok) {
        setErrors({ saveAs: result.message });
        return;
      }
    }
    onAdd({
      id: product._id,
      name: product.name,
      title: product.name,
      image: product.image,
      price: piecePrice,
      size,
      quantity,
      customization,
    });
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <ModalDialog
      open
      onClose={onClose}
      labelledBy={field("title")}
      className="m-auto max-h-[92dvh] w-[min(94vw,640px)] overflow-y-auto rounded-lg bg-white p-0"
    >
      <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="grid gap-5 p-5">
        <DialogHeader
          id={field("title")}
          title={`Customise ${product.name}`}
          closeLabel="Close customisation"
          onClose={onClose}
        />
        <p className="-mt-3 text-sm text-muted">
          Size {size} · Qty {quantity}
        </p>

        <fieldset
          aria-describedby={errors.options ? field("options-error") : undefined}
          data-invalid={errors.options ? "" : undefined}
        >
          <legend className="font-semibold">What should our tailors change?</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {product.customizations.map((offered) => (
              <label
                key={offered.name}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-brand-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="checkbox"
                  checked={options.includes(offered.name)}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setOptions((current) =>
                      checked ? [...current, offered.name] : current.filter((name) => name !== offered.name),
                    );
                    clearError("options");
                  }}
                  className="size-4 accent-brand-600"
                />
                <span className="flex-1">{offered.name}</span>
                <span className="text-sm text-muted">
                  {offered.charge === 0 ? "Free" : `+${formatRupees(offered.charge)}`}
                </span>
              </label>
            ))}
          </div>
          {errors.options ? (
            <p id={field("options-error")} className="mt-1.5 text-sm text-red-700">
              {errors.options}
            </p>
          ) : null}
        </fieldset>

        <fieldset>
          <legend className="font-semibold">Your measurements</legend>
          <p className="mt-1 text-sm text-muted">
            Measure your body with the tape snug, not tight. Fill in what your customisations need (marked *);
            any other measurement helps the tailor too.
          </p>
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <div role="radiogroup" aria-label="Unit" className="flex gap-2">
              {(["in", "cm"] as const).map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-center gap-1.5 rounded-full border border-brand-200 px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={field("unit")}
                    checked={unit === option}
                    onChange={() => {
                      setUnit(option);
                      setErrors({});
                    }}
                    className="accent-brand-600"
                  />
                  {option === "in" ? "Inches" : "Centimetres"}
                </label>
              ))}
            </div>
            {saved.length > 0 ? (
              <label className="flex flex-col text-sm font-semibold">
                Use saved measurements
                <select
                  defaultValue=""
                  onChange={(event) => fillFromSaved(event.currentTarget.value)}
                  className="mt-1 rounded border border-muted/70 bg-white px-3 py-2 font-normal"
                >
                  <option value="">Choose…</option>
                  {saved.map((set) => (
                    <option key={set.id} value={set.id}>
                      {set.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {MEASUREMENTS.map((measurement) => {
              const key = `measurements.${measurement}`;
              const [min, max] = measurementRange(measurement, unit);
              return (
                <FormField
                  key={measurement}
                  id={field(measurement)}
                  label={`${MEASUREMENT_LABELS[measurement]} (${unit})`}
                  required={needed.has(measurement)}
                  error={errors[key]}
                >
                  <input
                    {...controlProps(field(measurement), errors[key])}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={`${min}–${max}`}
                    value={values[measurement] ?? ""}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setValues((current) => ({ ...current, [measurement]: text }));
                      clearError(key);
                    }}
                  />
                </FormField>
              );
            })}
          </div>
          <p className="mt-2 text-xs text-muted">In {UNIT_NAMES[unit]}, in steps of 0.5.</p>
        </fieldset>

        <FormField
          id={field("note")}
          label="Note for the tailor"
          required={noteHints.length > 0}
          optional={noteHints.length === 0}
          hint={noteHints.length > 0 && !errors.note ? noteHints.join(" ") : undefined}
          error={errors.note}
        >
          <textarea
            {...controlProps(field("note"), errors.note, { hint: noteHints.length > 0 && !errors.note })}
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              clearError("note");
            }}
          />
        </FormField>

        {user ? (
          <div>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input
                type="checkbox"
                checked={saveAs !== null}
                onChange={(event) => {
                  setSaveAs(event.currentTarget.checked ? "Me" : null);
                  clearError("saveAs");
                }}
                className="size-4 accent-brand-600"
              />
              Save these measurements for next time
            </label>
            {saveAs !== null ? (
              <FormField
                id={field("saveAs")}
                label="Name them"
                error={errors.saveAs}
                className="mt-2 max-w-xs"
              >
                <input
                  {...controlProps(field("saveAs"), errors.saveAs)}
                  maxLength={MAX_LABEL_LENGTH}
                  value={saveAs}
                  onChange={(event) => {
                    setSaveAs(event.currentTarget.value);
                    clearError("saveAs");
                  }}
                />
              </FormField>
            ) : null}
          </div>
        ) : null}

        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <strong>Made to order.</strong> {TAILORING_MESSAGES.madeToOrder}{" "}
          <a href={href("/return-policy")} className={TEXT_LINK} target="_blank" rel="noopener">
            Return policy
          </a>
        </p>

        <div className="flex flex-col gap-3 border-t border-brand-100 pt-4 sm:flex-row sm:items-center">
          <p className="flex-1">
            <span className="block text-sm text-muted">Price of a piece</span>
            <span className="text-xl font-bold" aria-live="polite">
              {formatRupees(piecePrice)}
            </span>
            {charges > 0 ? (
              <span className="ml-2 text-sm text-muted">
                ({formatRupees(product.price)} + {formatRupees(charges)} tailoring)
              </span>
            ) : null}
          </p>
          <button type="button" onClick={onClose} className={BUTTON_SECONDARY}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={BUTTON_PRIMARY}>
            Add to Bag
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
