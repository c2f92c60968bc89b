import { RecordTable } from "~/components/record-table";
import { OrderMailsSection, OrderMessagesSection } from "./order-messages-section";
import { Form, useNavigation, href, Link } from "react-router";
import { formatRupees } from "#contract/money";
import type { OrderStatus } from "#contract/orders-rules";
import type { StaffOrderDetails } from "#contract/staff-orders";
import { CANCEL_NOTE_MAX, CANCEL_REASON_CODES, CANCEL_REASONS } from "#contract/staff-orders-rules";
import { TAILORING_MESSAGES } from "#contract/tailoring-rules";
import { formatMobile, formatMoment } from "~/accounts/format";
import { FormNotice } from "~/components/form-field";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { CustomizationDetails } from "./customization-details";
import { ShipmentFields } from "./shipment-fields";
import { RefundAttention, refundNotes } from "./refund-attention";

const SECTION = "mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100";

/** Who made a change, in words: `staff:12` is a member of staff, the rest are the store's own processes. */
const actorLabel = (actor: string) =>
  actor.startsWith("staff:") ? `Staff #${actor.slice(6)}` : actor.charAt(0).toUpperCase() + actor.slice(1);

const ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  Shipped: "Mark Shipped",
  Delivered: "Mark Delivered",
};

/** The answer to the last form of the order page, as its route's action gives it. */
type Answer = { ok: boolean; message: string };

/** What the tailor still has to do before the order ships, line by line, and where to print their ticket. */
function TailoringSection({ details, answer }: { details: StaffOrderDetails; answer: Answer | null }) {
  const busy = useNavigation().state === "submitting";
  const { order, tailoringPending } = details;
  const lines = order.items.filter((item) => item.customization !== null);
  const status = order.orderStatus;
  const summary =
    status === "Pending"
      ? TAILORING_MESSAGES.notPaid
      : status === "Cancelled"
        ? TAILORING_MESSAGES.cancelled
        : tailoringPending > 0
          ? `${tailoringPending} of ${lines.length} customised ${lines.length === 1 ? "line" : "lines"} to finish before the order ships.`
          : "All the tailoring is done.";
  return (
    <section aria-labelledby="tailoring-heading" className={SECTION}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="tailoring-heading" className="text-lg font-bold">
          Tailoring
        </h2>
        <Link
          to={href("/orders/:id/tailor-ticket", { id: order.orderId })}
          className={`${TEXT_LINK} text-sm`}
        >
          Print tailor's ticket
        </Link>
      </div>
      <p className="mt-1 text-sm text-muted">{summary}</p>
      <div role="status">
        {answer ? (
          <FormNotice tone={answer.ok ? "success" : "error"} className="mt-3">
            {answer.message}
          </FormNotice>
        ) : null}
      </div>
      <ul className="mt-3 divide-y divide-brand-100">
        {lines.map((item) => {
          const { doneAt, ...asked } = item.customization!;
          return (
            <li key={item.id} className="flex gap-3 py-3">
              <LineImage src={item.image} width={48} height={64} className="h-16 w-12 shrink-0 rounded" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold wrap-anywhere">{item.name}</p>
                <p className="text-sm text-muted">
                  Size {item.size} · Quantity {item.quantity}
                </p>
                <CustomizationDetails {...asked} />
                {doneAt ? (
                  <p className="mt-2 text-sm font-semibold text-green-800">
                    Tailoring done <span className="font-normal">on {formatMoment(doneAt)}</span>
                  </p>
                ) : status === "Processing" ? (
                  <Form method="post" preventScrollReset className="mt-2">
                    <input type="hidden" name="intent" value="tailoring-done" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      aria-label={`Mark tailoring done: ${item.name}, size ${item.size}`}
                      className={`${BUTTON_PRIMARY} px-4 py-1.5 text-sm`}
                    >
                      Mark tailoring done
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Cancelling, behind a disclosure that asks first (it works without JavaScript): a reason chosen or written,
 * which the shopper reads on her order page and in the mail (decision 040). The reasons that fit the order's
 * status are offered: "the payment did not come through" only for an order awaiting payment.
 */
function CancelForm({
  details,
  busy,
  errors,
}: {
  details: StaffOrderDetails;
  busy: boolean;
  errors: Record<string, string> | undefined;
}) {
  const paid = details.order.orderStatus === "Processing";
  const reasons = CANCEL_REASON_CODES.filter((code) => !(paid && code === "not-paid"));
  const reasonError = errors?.cancelReason;
  const noteError = errors?.cancelNote;
  return (
    <details
      open={Boolean(reasonError || noteError)}
      className="rounded-xl bg-red-50 p-3 ring-1 ring-red-200"
    >
      <summary className="cursor-pointer font-semibold text-red-800">Cancel order…</summary>
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value="Cancelled" />
        <fieldset aria-describedby={reasonError ? "cancel-reason-error" : undefined}>
          <legend className="text-sm font-semibold text-red-950">
            Why? The shopper reads the reason on her order page and in the mail.
          </legend>
          <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {reasons.map((code) => (
              <label key={code} className="flex items-start gap-2 py-1 text-sm">
                <input
                  type="radio"
                  name="cancelReason"
                  value={code}
                  required
                  className="size-5 shrink-0 accent-brand-600"
                />
                <span>{CANCEL_REASONS[code].staff}</span>
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id="cancel-reason-error" className="mt-1 text-sm font-semibold text-red-800">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor="cancel-note" className="text-sm font-semibold text-red-950">
            In your words, for the shopper (needed for another reason)
          </label>
          <textarea
            id="cancel-note"
            name="cancelNote"
            rows={2}
            maxLength={CANCEL_NOTE_MAX}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? "cancel-note-error" : undefined}
            className={`rounded-lg border bg-white px-3 py-2 ${noteError ? "border-2 border-red-700" : "border-brand-200"}`}
          />
          {noteError ? (
            <p id="cancel-note-error" className="text-sm font-semibold text-red-800">
              {noteError}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-red-900">
          {paid
            ? `Cancel this paid order? Its pieces go back in stock and ${formatRupees(details.order.totalAmount)} is refunded to the shopper through PhonePe. This cannot be undone.`
            : "Cancel this unpaid order? Its pieces go back in stock; a payment that still comes in is refunded. This cannot be undone."}
        </p>
        <button
          type="submit"
          disabled={busy}
          className="self-start rounded-full bg-red-700 px-6 py-2 font-semibold text-white hover:bg-red-800"
        >
          Yes, cancel order
        </button>
      </Form>
    </details>
  );
}

/** What staff see of an order besides its detail: tailoring, contact, payments, refunds, history and the next steps. */
export function StaffOrderPanel({
  details,
  tailoringAnswer,
  cancelErrors,
}: {
  details: StaffOrderDetails;
  /** The answer to "Mark tailoring done", shown in the Tailoring section. */
  tailoringAnswer: Answer | null;
  /** The fields of a refused cancellation the API named (its reason), shown at them. */
  cancelErrors?: Record<string, string> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const address = details.order.shippingAddress;
  const next = details.allowedTransitions;
  const customised = details.order.items.some((item) => item.customization !== null);
  // The API refuses to ship while tailoring is pending; the button says so before it is pressed.
  const shippingHeldBack = details.order.orderStatus === "Processing" && details.tailoringPending > 0;
  return (
    <>
      {details.refunds
        .filter((refund) => refund.needsAttention)
        .map((refund) => (
          <RefundAttention key={refund.merchantRefundId} refund={refund} />
        ))}

      {customised && <TailoringSection details={details} answer={tailoringAnswer} />}

      <section aria-labelledby="actions-heading" className={SECTION}>
        <h2 id="actions-heading" className="text-lg font-bold">
          Order status
        </h2>
        {details.order.shipment?.courierName ? (
          <p className="mt-2 text-sm wrap-anywhere">
            Courier: {details.order.shipment.courierName}
            {details.order.shipment.trackingNumber
              ? ` · Tracking number: ${details.order.shipment.trackingNumber}`
              : ""}
            {details.order.shipment.trackingLink ? (
              <>
                {" · "}
                <a
                  href={details.order.shipment.trackingLink.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={TEXT_LINK}
                >
                  Tracking page
                </a>
              </>
            ) : null}
          </p>
        ) : null}
        {next.length === 0 ? (
          <p className="mt-2 text-sm text-muted">
            This order is {details.order.orderStatus}: there is nothing more to do.
          </p>
        ) : (
          <div className="mt-3 flex flex-col gap-4">
            {next
              .filter((status) => status !== "Cancelled")
              .map((status) => {
                const heldBack = status === "Shipped" && shippingHeldBack;
                return (
                  <Form key={status} method="post" className="flex flex-col gap-3 lg:flex-row lg:items-end">
                    <input type="hidden" name="intent" value="status" />
                    <input type="hidden" name="status" value={status} />
                    {status === "Shipped" && <ShipmentFields idPrefix="ship" />}
                    <button
                      type="submit"
                      disabled={busy || heldBack}
                      aria-describedby={heldBack ? "shipping-held-back" : undefined}
                      className={
                        heldBack
                          ? "inline-flex shrink-0 cursor-not-allowed items-center justify-center rounded-full bg-brand-100 px-6 py-2 font-semibold whitespace-nowrap text-muted"
                          : `${BUTTON_PRIMARY} py-2`
                      }
                    >
                      {ACTION_LABELS[status] ?? status}
                    </button>
                    {heldBack && (
                      <p id="shipping-held-back" className="text-sm text-yellow-900 sm:self-center">
                        {TAILORING_MESSAGES.pending}
                      </p>
                    )}
                  </Form>
                );
              })}
            {details.order.orderStatus === "Shipped" && (
              // Until delivery, staff may correct the courier and tracking; the shopper is e-mailed.
              <details className="rounded-xl bg-brand-50/60 p-3 ring-1 ring-brand-100">
                <summary className="cursor-pointer font-semibold text-brand-800">
                  Correct courier or tracking…
                </summary>
                <Form method="post" className="mt-3 flex flex-col gap-3">
                  <input type="hidden" name="intent" value="tracking" />
                  <ShipmentFields idPrefix="correct" current={details.order.shipment} required />
                  <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} self-start py-2`}>
                    Save and tell the shopper
                  </button>
                </Form>
              </details>
            )}
            {next.includes("Cancelled") && <CancelForm details={details} busy={busy} errors={cancelErrors} />}
          </div>
        )}
      </section>

      <section aria-labelledby="contact-heading" className={SECTION}>
        <h2 id="contact-heading" className="text-lg font-bold">
          Shopper's contact
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm wrap-anywhere">
          <dt className="font-semibold">Name</dt>
          <dd>{address.fullName}</dd>
          <dt className="font-semibold">E-mail</dt>
          <dd>{address.email ? <a href={`mailto:${address.email}`}>{address.email}</a> : "—"}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <a href={`tel:${address.phone.replace(/\s/g, "")}`}>{formatMobile(address.phone)}</a>
          </dd>
        </dl>
      </section>

      <section aria-labelledby="payments-heading" className={SECTION}>
        <h2 id="payments-heading" className="text-lg font-bold">
          Payment attempts
        </h2>
        {details.attempts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No payment attempt.</p>
        ) : (
          <RecordTable
            className="mt-3"
            label={{ "aria-labelledby": "payments-heading" }}
            rows={details.attempts}
            rowKey={(attempt) => attempt.merchantOrderId}
            columns={[
              {
                name: "Merchant order ID",
                cell: (attempt) => attempt.merchantOrderId,
                className: "break-all",
              },
              { name: "State", cell: (attempt) => attempt.state },
              {
                name: "Amount",
                cell: (attempt) => formatRupees(attempt.amount),
                className: "whitespace-nowrap",
              },
              {
                name: "Paid",
                cell: (attempt) => (attempt.paidAmount === null ? "—" : formatRupees(attempt.paidAmount)),
                className: "whitespace-nowrap",
              },
              { name: "Mode", cell: (attempt) => attempt.paymentMode ?? "—" },
              {
                name: "Started",
                cell: (attempt) => formatMoment(attempt.createdAt),
                className: "whitespace-nowrap",
              },
              {
                name: "Settled",
                cell: (attempt) => formatMoment(attempt.settledAt),
                className: "whitespace-nowrap",
              },
            ]}
          />
        )}
        {details.refunds.length > 0 && (
          <>
            <h3 className="mt-5 font-bold">Refunds</h3>
            <RecordTable
              className="mt-2"
              label={{ "aria-label": "Refunds" }}
              rows={details.refunds}
              rowKey={(refund) => refund.merchantRefundId}
              columns={[
                {
                  name: "Merchant refund ID",
                  cell: (refund) => refund.merchantRefundId,
                  className: "break-all",
                },
                { name: "State", cell: (refund) => refund.state },
                {
                  name: "Amount",
                  cell: (refund) => formatRupees(refund.amount),
                  className: "whitespace-nowrap",
                },
                { name: "Reason", cell: (refund) => refund.reason },
                { name: "Notes", cell: refundNotes, className: "min-w-56 wrap-break-word" },
                {
                  name: "Requested",
                  cell: (refund) => formatMoment(refund.createdAt),
                  className: "whitespace-nowrap",
                },
                {
                  name: "Settled",
                  cell: (refund) => formatMoment(refund.settledAt),
                  className: "whitespace-nowrap",
                },
              ]}
            />
          </>
        )}
      </section>

      <OrderMailsSection mails={details.mails} className={SECTION} />
      <OrderMessagesSection messages={details.messages} className={SECTION} />

      <section aria-labelledby="history-heading" className={SECTION}>
        <h2 id="history-heading" className="text-lg font-bold">
          History
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {details.history.map((event, index) => (
            <li key={index} className="border-l-2 border-brand-200 pl-3">
              <span className="font-semibold">{formatMoment(event.at)}</span> · {actorLabel(event.actor)} ·{" "}
              {event.subject}: {event.from ? `${event.from} → ` : ""}
              {event.to}
              {event.note ? <span className="text-muted"> ({event.note})</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
