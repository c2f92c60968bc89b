import { formatRupees } from "#contract/money";
import { describeMeasurements, type Measurement, type MeasurementUnit } from "#contract/tailoring-rules";

/**
 * What a customised line asks of the tailor, in a few short lines under its name: the options (with their
 * charges when known), the measurements, the note and, on an order, whether the tailoring is done.
 */
export function CustomizationDetails({
  options,
  unit,
  measurements,
  note,
  doneAt,
}: {
  /** Names (in the bag), or names with the charges paid (on an order). */
  options: readonly (string | { name: string; charge: number })[];
  unit: MeasurementUnit;
  measurements: Partial<Record<Measurement, number>>;
  note: string;
  /** On an order: when the tailoring was done, null while pending; left out in the bag. */
  doneAt?: string | null;
}) {
  const measured = describeMeasurements({ unit, measurements });
  return (
    <div className="mt-1 space-y-0.5 text-xs text-muted">
      <p>
        <span className="font-semibold text-ink">Customised:</span>{" "}
        {options
          .map((option) =>
            typeof option === "string"
              ? option
              : `${option.name} (${option.charge === 0 ? "free" : `+${formatRupees(option.charge)}`})`,
          )
          .join(", ")}
      </p>
      {measured ? <p>{measured}</p> : null}
      {note ? <p className="wrap-anywhere">Note: {note}</p> : null}
      {doneAt === undefined ? null : (
        <p className={doneAt ? "font-semibold text-green-800" : "font-semibold text-yellow-900"}>
          {doneAt ? "Tailoring done" : "Tailoring in progress"}
        </p>
      )}
    </div>
  );
}
