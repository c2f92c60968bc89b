import { Form, useNavigation, href, Link } from "react-router";
import { formatRupees } from "#contract/money";
import type { Order } from "#contract/orders";
import type { OrderReturn, StaffOrderReturn } from "#contract/order-returns";
import { RETURN_REASON_LABELS, RETURN_STATE_LABELS } from "#contract/returns-rules";
import type { StaffOrderDetails } from "#contract/staff-orders";
import { formatDate } from "~/accounts/format";
import { controlProps, FormField } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";

/**
 * An order's returns (decision 051). The shopper sees each return's state and, while the order may be
 * returned, the way to ask; staff answer each one here: approve, refuse with a reason, receive the piece,
 * and record a cash order's refund sent by transfer.
 */
export function ReturnsPanel({
  order,
  staff,
  errors,
}: {
  order: Order;
  staff: StaffOrderDetails | null;
  /** The fields of the last refused answer (a refusal's reason, a transfer's reference). */
  errors: Record<string, string> | undefined;
}) {
  const returns: (OrderReturn | StaffOrderReturn)[] = staff ? staff.returns : order.returns;
  if (returns.length === 0 && !order.returnBy) return null;
  const nameOf = (itemId: number) => order.items.find((item) => item.id === itemId)?.name ?? "A piece";
  return (
    <section
      aria-labelledby="returns-heading"
      className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100"
    >
      <h2 id="returns-heading" className="text-lg font-bold">
        Returns
      </h2>
      {order.returnBy && !staff ? (
        <p className="mt-1 text-sm">
          A piece arrived damaged, defective, wrong or not as described? You can ask to return it until{" "}
          {formatDate(order.returnBy)}.{" "}
          <Link to={href("/orders/:id/return", { id: order.orderId })} className={TEXT_LINK}>
            Return a piece
          </Link>
        </p>
      ) : null}
      <ul className="mt-3 grid gap-3">
        {returns.map((entry) => (
          <li key={entry.id} className="rounded-xl bg-brand-50/50 p-4 ring-1 ring-brand-100">
            <p className="font-semibold">
              {entry.id}: {entry.quantity} × {nameOf(entry.itemId)}
            </p>
            <p className="text-sm">
              {RETURN_REASON_LABELS[entry.reason]} · <strong>{RETURN_STATE_LABELS[entry.state]}</strong>
              {entry.refund !== null ? ` · ${formatRupees(entry.refund)}` : ""}
            </p>
            <p className="mt-1 text-sm text-muted wrap-anywhere">{entry.details}</p>
            {entry.refusal ? <p className="mt-1 text-sm">Why: {entry.refusal}</p> : null}
            {entry.pickupWaybill ? (
              <p className="mt-1 text-sm">
                Pickup waybill <span className="font-mono">{entry.pickupWaybill}</span>
              </p>
            ) : null}
            <p className="mt-1 text-sm">
              Ticket{" "}
              <Link
                to={staff ? `${href("/admin/grievances")}?ticket=${entry.ticketNumber}` : href("/complaints")}
                className={TEXT_LINK}
              >
                {entry.ticketNumber}
              </Link>
            </p>
            {staff && "refundTo" in entry ? <StaffActions entry={entry} errors={errors} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Staff's answers to one return, by its state. */
function StaffActions({
  entry,
  errors,
}: {
  entry: StaffOrderReturn;
  errors: Record<string, string> | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnId" value={entry.id} />
    </>
  );
  const to = entry.refundTo;
  if (entry.state === "requested")
    return (
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Form method="post">
          {hidden("return-approve")}
          <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} py-2`}>
            Approve return {entry.id}
          </button>
        </Form>
        <Form method="post" className="grid gap-2">
          {hidden("return-refuse")}
          <FormField id={`refuse-${entry.id}`} label="Why it is refused" error={errors?.reason}>
            <textarea
              {...controlProps(`refuse-${entry.id}`, errors?.reason)}
              name="reason"
              rows={2}
              minLength={10}
              maxLength={1000}
              required
            />
          </FormField>
          <button type="submit" disabled={busy} className={`${BUTTON_SECONDARY} py-2`}>
            Refuse return {entry.id}
          </button>
        </Form>
      </div>
    );
  if (entry.state === "approved")
    return (
      <Form method="post" className="mt-3">
        {hidden("return-receive")}
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} py-2`}>
          Piece of {entry.id} received: refund it
        </button>
      </Form>
    );
  if (entry.state === "received" && to)
    return (
      <Form method="post" className="mt-3 grid gap-2">
        {hidden("return-refunded")}
        <p className="text-sm">
          Send {entry.refund !== null ? formatRupees(entry.refund) : "the refund"} to{" "}
          {to.upiId ? (
            <>
              UPI id <span className="font-mono">{to.upiId}</span>
            </>
          ) : (
            <>
              {to.accountName}, account <span className="font-mono">{to.accountNumber}</span>, IFSC{" "}
              <span className="font-mono">{to.ifsc}</span>
            </>
          )}
          , then give the transfer's reference.
        </p>
        <FormField id={`reference-${entry.id}`} label="Transfer reference (UTR)" error={errors?.reference}>
          <input
            {...controlProps(`reference-${entry.id}`, errors?.reference)}
            name="reference"
            maxLength={40}
            required
          />
        </FormField>
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} self-start py-2`}>
          Refund of {entry.id} sent
        </button>
      </Form>
    );
  return entry.refundReference ? (
    <p className="mt-1 text-sm">Transfer reference {entry.refundReference}</p>
  ) : null;
}
