import { COURIERS } from "#contract/couriers-rules";
import type { ShipmentView } from "#contract/couriers";

const INPUT = "rounded-lg border border-brand-200 bg-white px-3 py-2";

/**
 * The courier (from the list, each with its tracking page), the tracking number and, for "Other", the
 * courier's https tracking link, as staff give them when marking an order Shipped and when correcting it.
 * Plain form fields: they work before the page's scripts run; the API checks them.
 */
export function ShipmentFields({
  idPrefix,
  current,
  required = false,
}: {
  idPrefix: string;
  current?: ShipmentView | null;
  required?: boolean;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const known = COURIERS.some((courier) => courier.key === current?.courier);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id("courier")} className="text-sm font-semibold">
          Courier{required ? "" : " (optional)"}
        </label>
        <select
          id={id("courier")}
          name="courier"
          defaultValue={known ? (current?.courier ?? "") : ""}
          required={required}
          className={INPUT}
        >
          <option value="">{required ? "Choose a courier" : "None (handed over in person)"}</option>
          {COURIERS.map((courier) => (
            <option key={courier.key} value={courier.key}>
              {courier.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id("tracking-number")} className="text-sm font-semibold">
          Tracking number
        </label>
        <input
          id={id("tracking-number")}
          name="trackingNumber"
          defaultValue={current?.trackingNumber ?? ""}
          minLength={6}
          maxLength={30}
          pattern="[A-Za-z0-9][A-Za-z0-9\-]{4,28}[A-Za-z0-9]"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={id("tracking-hint")}
          className={INPUT}
        />
        <p id={id("tracking-hint")} className="text-xs text-muted">
          6-30 letters and digits
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id("tracking-url")} className="text-sm font-semibold">
          Tracking link (for Other)
        </label>
        <input
          id={id("tracking-url")}
          name="trackingUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={current?.courier === "other" ? (current.trackingLink?.url ?? "") : ""}
          maxLength={500}
          className={INPUT}
        />
      </div>
    </div>
  );
}
