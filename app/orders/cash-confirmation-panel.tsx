import { Form, useNavigation } from "react-router";
import type { StaffOrderDetails } from "#contract/staff-orders";
import { controlProps, FormField } from "~/components/form-field";
import { BUTTON_PRIMARY } from "~/components/styles";

/**
 * Staff's part of a Cash on Delivery order waiting for its confirmation (decision 048): the shopper confirms
 * it on her page, or staff who reached her by phone confirm it here with a note kept in its history.
 */
export function CashConfirmationPanel({
  details,
  error,
}: {
  details: StaffOrderDetails;
  /** The note's error of the last answer, if it was refused. */
  error: string | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const { order } = details;
  if (order.paymentMethod !== "COD" || order.orderStatus !== "Pending") return null;
  return (
    <section
      aria-labelledby="cash-heading"
      className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300"
    >
      <h2 id="cash-heading" className="text-lg font-bold">
        Cash on Delivery: waiting for confirmation
      </h2>
      <p className="mt-1 text-sm">
        The shopper has not confirmed this order yet. It ships only once confirmed; unconfirmed, it is
        cancelled when its hold ends.
      </p>
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="confirm-cod-by-phone" />
        <FormField id="cod-note" label="How she confirmed" error={error} hint="Such as the call's time.">
          <input {...controlProps("cod-note", error, { hint: true })} name="note" maxLength={300} required />
        </FormField>
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} self-start py-2`}>
          Confirmed by phone
        </button>
      </Form>
    </section>
  );
}
