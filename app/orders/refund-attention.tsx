import { Form, useNavigation } from "react-router";
import { formatRupees } from "#contract/money";
import type { RefundView } from "#contract/staff-orders";
import { formatMoment } from "~/accounts/format";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";

/** What a refund's failure and its resolution come to, in a few words (the Refunds table's Notes). */
export function refundNotes(refund: RefundView): string {
  const failed =
    refund.failure === "refused"
      ? `PhonePe refused it: ${refund.failureReason ?? ""}`
      : refund.failure === "no-answer"
        ? `PhonePe had not completed it: ${refund.failureReason ?? ""}`
        : "";
  const resolved =
    refund.resolution === "paid-another-way"
      ? `Paid another way on ${formatMoment(refund.resolvedAt)}: ${refund.resolutionNote ?? ""}`
      : refund.resolution === "retried"
        ? `Asked again as ${refund.resolutionNote ?? ""}`
        : "";
  return [failed, resolved].filter(Boolean).join(" · ") || "—";
}

/**
 * A refund that failed and waits for staff, at the top of the order's staff panel: what PhonePe said, and the
 * two ways out, each a form that works without JavaScript (the order page's action posts it to the API).
 */
export function RefundAttention({ refund }: { refund: RefundView }) {
  const busy = useNavigation().state === "submitting";
  const id = refund.merchantRefundId;
  const headingId = `refund-attention-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300"
      data-testid="refund-attention"
    >
      <h2 id={headingId} className="text-lg font-bold text-amber-950">
        A refund needs you: {formatRupees(refund.amount)}
      </h2>
      <p className="mt-2 text-sm text-amber-950 wrap-anywhere">
        {refund.failure === "no-answer"
          ? `PhonePe had not completed refund ${id} when the store stopped asking (${refund.failureReason ?? ""}). Look it up in PhonePe's dashboard before you do anything.`
          : `PhonePe refused refund ${id}. PhonePe said: ${refund.failureReason ?? "nothing more"}.`}{" "}
        The shopper has not had the money back.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Form method="post" preventScrollReset className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="refund-retry" />
          <input type="hidden" name="merchantRefundId" value={id} />
          <p className="text-sm">
            {refund.failure === "no-answer"
              ? "Ask PhonePe about this refund again, for another 10 days."
              : "Send PhonePe a new request for the same amount."}
          </p>
          <button type="submit" disabled={busy} className={`${BUTTON_SECONDARY} self-start py-2`}>
            Ask PhonePe again
          </button>
        </Form>
        <Form method="post" preventScrollReset className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="refund-paid" />
          <input type="hidden" name="merchantRefundId" value={id} />
          <label htmlFor={`refund-note-${id}`} className="text-sm">
            Paid it another way? Say how, such as the bank transfer's reference:
          </label>
          <input
            id={`refund-note-${id}`}
            name="note"
            required
            maxLength={200}
            className="rounded-lg border border-brand-200 bg-white px-3 py-2"
          />
          <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} self-start py-2`}>
            Mark refund paid
          </button>
        </Form>
      </div>
    </section>
  );
}
