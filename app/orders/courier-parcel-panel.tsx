import { Form, useNavigation } from "react-router";
import { PARCEL_LIMITS, SANDBOX_PARCEL_EVENTS } from "#contract/courier-parcels-rules";
import { PARCEL_MILESTONES } from "#contract/parcel-tracking-rules";
import type { StaffOrderDetails } from "#contract/staff-orders";
import { formatMoment } from "~/accounts/format";
import { controlProps, FormField } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { ParcelTimeline } from "./parcel-timeline";

const SECTION = "mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100";

const SIZE_FIELDS = [
  { name: "weightGrams", label: "Weight (g)", ...PARCEL_LIMITS.weightGrams },
  { name: "lengthCm", label: "Length (cm)", ...PARCEL_LIMITS.sideCm },
  { name: "widthCm", label: "Width (cm)", ...PARCEL_LIMITS.sideCm },
  { name: "heightCm", label: "Height (cm)", ...PARCEL_LIMITS.sideCm },
] as const;

/**
 * Staff's parcel with Delhivery (issue 37): "Ship with Delhivery" while the order is being prepared (the
 * usual parcel unless staff give its weight or size), then its waybill, label, pickup, the courier's latest
 * news, a failed delivery attempt with "Ask for another attempt", and every scan.
 */
export function CourierParcelPanel({ details }: { details: StaffOrderDetails }) {
  const busy = useNavigation().state !== "idle";
  const parcel = details.courierParcel;
  const status = details.order.orderStatus;
  const canShip = status === "Processing" && details.tailoringPending === 0;
  const live = parcel?.state === "created";
  if (!canShip && !parcel) return null;
  const missing = live && (!parcel.labelUrl || !parcel.pickupRequestedAt) && status === "Shipped";
  return (
    <section aria-labelledby="courier-heading" className={SECTION}>
      <h2 id="courier-heading" className="text-lg font-bold">
        Delhivery
      </h2>
      {parcel?.state === "refused" ? (
        <p className="mt-2 text-sm text-red-800">Delhivery did not take the last parcel: {parcel.refusal}</p>
      ) : null}
      {canShip && !live ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="ship-courier" />
          <p className="text-sm text-muted">
            Books the parcel, fetches its label and asks for a pickup tomorrow. Leave a box empty for the
            usual parcel (Settings).
          </p>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {SIZE_FIELDS.map((field) => (
              <FormField key={field.name} id={`parcel-${field.name}`} label={field.label} optional>
                <input
                  {...controlProps(`parcel-${field.name}`, undefined)}
                  name={field.name}
                  type="number"
                  inputMode="numeric"
                  min={field.min}
                  max={field.max}
                  step={1}
                />
              </FormField>
            ))}
          </div>
          <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} mt-4 py-2`}>
            Ship with Delhivery
          </button>
        </Form>
      ) : null}
      {live ? (
        <>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm wrap-anywhere">
            <dt className="text-muted">Waybill</dt>
            <dd className="font-mono font-medium">{parcel.waybill}</dd>
            <dt className="text-muted">Parcel</dt>
            <dd>
              {parcel.weightGrams} g · {parcel.size}
            </dd>
            <dt className="text-muted">Label</dt>
            <dd>
              {parcel.labelUrl ? (
                <a href={parcel.labelUrl} target="_blank" rel="noopener noreferrer" className={TEXT_LINK}>
                  Download the label (PDF)
                </a>
              ) : (
                "Not ready yet"
              )}
            </dd>
            <dt className="text-muted">Pickup</dt>
            <dd>
              {parcel.pickedUpAt
                ? `Picked up ${formatMoment(parcel.pickedUpAt)}`
                : parcel.pickupRequestedAt
                  ? `Asked for on ${formatMoment(parcel.pickupRequestedAt)}`
                  : "Not asked for yet"}
            </dd>
            {parcel.scans.length > 0 ? (
              <>
                <dt className="text-muted">Latest</dt>
                <dd>{PARCEL_MILESTONES[parcel.scans.at(-1)!.milestone]}</dd>
              </>
            ) : null}
          </dl>
          {missing ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="ship-courier" />
              <button type="submit" disabled={busy} className={`${BUTTON_SECONDARY} py-2`}>
                Fetch the label and ask for the pickup again
              </button>
            </Form>
          ) : null}
          {parcel.failedAttempt ? (
            <div role="alert" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
              <p className="font-semibold text-amber-950">
                Delivery failed on {formatMoment(parcel.failedAttempt.at)}: {parcel.failedAttempt.reason}
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer font-semibold text-brand-800">
                  Give Delhivery a new phone or address…
                </summary>
                <Form method="post" className="mt-2 flex flex-col gap-3">
                  <input type="hidden" name="intent" value="parcel-contact" />
                  <FormField id="parcel-phone" label="Phone" optional>
                    <input
                      {...controlProps("parcel-phone", undefined)}
                      name="phone"
                      type="tel"
                      autoComplete="off"
                    />
                  </FormField>
                  <FormField id="parcel-address" label="Address" optional>
                    <input {...controlProps("parcel-address", undefined)} name="address" autoComplete="off" />
                  </FormField>
                  <button type="submit" disabled={busy} className={`${BUTTON_SECONDARY} self-start py-2`}>
                    Send to Delhivery
                  </button>
                </Form>
              </details>
              {parcel.failedAttempt.reattemptAskedAt ? (
                <p className="mt-1">
                  Another attempt was asked for on {formatMoment(parcel.failedAttempt.reattemptAskedAt)}.
                </p>
              ) : (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="reattempt" />
                  <p>Call the shopper, then ask Delhivery to try again.</p>
                  <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} mt-2 py-2`}>
                    Ask for another attempt
                  </button>
                </Form>
              )}
            </div>
          ) : null}
          {parcel.sandbox && !["Delivered", "Returned", "Cancelled"].includes(status) ? (
            <Form method="post" className="mt-4 rounded-xl bg-gray-50 p-3 text-sm ring-1 ring-gray-200">
              <input type="hidden" name="intent" value="sandbox-scan" />
              <label htmlFor="sandbox-event" className="font-semibold">
                Courier sandbox: move the parcel
              </label>
              <div className="mt-2 flex flex-wrap gap-2">
                <select
                  id="sandbox-event"
                  name="event"
                  className="rounded-lg border border-muted/70 bg-white px-3 py-2"
                >
                  {Object.entries(SANDBOX_PARCEL_EVENTS).map(([event, label]) => (
                    <option key={event} value={event}>
                      {label}
                    </option>
                  ))}
                </select>
                <button type="submit" disabled={busy} className={`${BUTTON_SECONDARY} py-2`}>
                  Scan
                </button>
              </div>
            </Form>
          ) : null}
          <h3 className="mt-4 font-bold">Journey</h3>
          <ParcelTimeline scans={parcel.scans} label="The parcel's scans, newest first" />
        </>
      ) : null}
    </section>
  );
}
