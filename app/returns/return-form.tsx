import { useState } from "react";
import { Form, useActionData, useNavigation, href, Link } from "react-router";
import type { Order } from "#contract/orders";
import { MAX_RETURN_PHOTOS, RETURN_REASON_LABELS, RETURN_REASONS } from "#contract/returns-rules";
import { formatDate } from "~/accounts/format";
import { controlProps, FormField, FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { errorOf, inputOf, textareaOf, useContractForm, type SubmissionResult } from "~/lib/forms";

/** What the page's action answers when the return is refused (a success goes back to the order). */
export type ReturnAnswer = {
  ok: false;
  message: string;
  photosError?: string;
  reply: SubmissionResult<string[]>;
};

export const loadReturnForm = () => import("#contract/returns").then((m) => m.returnForm);

/**
 * Asking to return a piece of a delivered order (decision 051): which piece and how many, what is wrong, 1 to
 * 3 photos, and for a cash order where the refund goes. The boutique's "no exchange for change of mind"
 * stands beside it, as the return policy says.
 */
export function ReturnForm({ order }: { order: Order }) {
  const answer = useActionData<ReturnAnswer>();
  const sending = useNavigation().state === "submitting";
  const { fields, formProps } = useContractForm(loadReturnForm, answer?.reply, {
    id: "return",
    defaultValue: { quantity: "1" },
  });
  const refundTo = fields.refundTo.getFieldset();
  // A photo's error goes once other photos are chosen.
  const [photosChangedFor, setPhotosChangedFor] = useState<unknown>();
  const photosError = photosChangedFor === answer ? undefined : answer?.photosError;
  const [refundBy, setRefundBy] = useState<"upi" | "bank">("upi");
  const returned = new Set(order.returns.map((entry) => entry.itemId));
  const lines = order.items.filter((item) => !returned.has(item.id));
  if (!order.returnBy || lines.length === 0)
    return (
      <p className="mt-4">
        {order.returnBy
          ? "Every piece of this order has a return already."
          : "This order cannot be returned now."}{" "}
        <Link to={href("/orders/:id", { id: order.orderId })} className={TEXT_LINK}>
          Back to the order
        </Link>
      </p>
    );
  return (
    <>
      <p className="mt-2 text-muted">
        Until {formatDate(order.returnBy)}, a piece that arrived damaged, defective, wrong or not as described
        is taken back and refunded. We do not exchange or take back pieces for a change of mind (see our{" "}
        <Link to={href("/return-policy")} className={TEXT_LINK}>
          return policy
        </Link>
        ).
      </p>
      {answer ? (
        <FormNotice tone="error" className="mt-4">
          {answer.message}
        </FormNotice>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...formProps()} className="mt-6 grid gap-5">
        <input type="hidden" name={fields.orderId.name} value={order.orderId} />
        <fieldset className="grid gap-2">
          <legend className="font-semibold">Which piece?</legend>
          {lines.map((item, index) => (
            <label key={item.id} className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.itemId.name}
                value={item.id}
                defaultChecked={index === 0}
                className="size-4 accent-brand-600"
              />
              {item.name}, size {item.size} ({item.quantity} ordered)
            </label>
          ))}
        </fieldset>
        <FormField id={fields.quantity.id} label="How many" error={errorOf(fields.quantity)}>
          <input {...inputOf(fields.quantity, "number")} min={1} max={99} required />
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="font-semibold">What is wrong?</legend>
          {RETURN_REASONS.map((reason, index) => (
            <label key={reason} className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.reason.name}
                value={reason}
                defaultChecked={index === 0}
                className="size-4 accent-brand-600"
              />
              {RETURN_REASON_LABELS[reason]}
            </label>
          ))}
        </fieldset>
        <FormField id={fields.details.id} label="Tell us more" error={errorOf(fields.details)}>
          <textarea {...textareaOf(fields.details)} rows={4} minLength={10} maxLength={2000} required />
        </FormField>
        <FormField
          id="return-photos"
          label="Photos of the piece"
          error={photosError}
          hint={`1 to ${MAX_RETURN_PHOTOS} photos that show what is wrong.`}
        >
          <input
            {...controlProps("return-photos", photosError, { hint: true })}
            name="photos"
            type="file"
            accept="image/*"
            multiple
            required
            onChange={() => setPhotosChangedFor(answer)}
          />
        </FormField>
        {order.paymentMethod === "COD" ? (
          <fieldset className="grid gap-3">
            <legend className="font-semibold">Where should we send your refund?</legend>
            <p className="text-sm text-muted">
              You paid in cash: we send the refund to your UPI id or bank account, and delete these details
              once it is sent.
            </p>
            <div className="flex gap-4">
              {(["upi", "bank"] as const).map((way) => (
                <label key={way} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="refundBy"
                    value={way}
                    checked={refundBy === way}
                    onChange={() => setRefundBy(way)}
                    className="size-4 accent-brand-600"
                  />
                  {way === "upi" ? "UPI id" : "Bank account"}
                </label>
              ))}
            </div>
            {refundBy === "upi" ? (
              <FormField
                id={refundTo.upiId.id}
                label="UPI id"
                error={errorOf(refundTo.upiId) ?? errorOf(fields.refundTo)}
              >
                <input {...inputOf(refundTo.upiId, "text")} autoComplete="off" maxLength={100} required />
              </FormField>
            ) : (
              <>
                <FormField
                  id={refundTo.accountName.id}
                  label="Account holder's name"
                  error={errorOf(refundTo.accountName)}
                >
                  <input
                    {...inputOf(refundTo.accountName, "text")}
                    autoComplete="name"
                    maxLength={100}
                    required
                  />
                </FormField>
                <FormField
                  id={refundTo.accountNumber.id}
                  label="Account number"
                  error={errorOf(refundTo.accountNumber)}
                >
                  <input
                    {...inputOf(refundTo.accountNumber, "text")}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={18}
                    required
                  />
                </FormField>
                <FormField id={refundTo.ifsc.id} label="IFSC" error={errorOf(refundTo.ifsc)}>
                  <input
                    {...inputOf(refundTo.ifsc, "text")}
                    autoCapitalize="characters"
                    autoComplete="off"
                    maxLength={11}
                    required
                  />
                </FormField>
              </>
            )}
          </fieldset>
        ) : (
          <p className="text-sm text-muted">You paid with PhonePe: the refund goes back the same way.</p>
        )}
        <button type="submit" disabled={sending} className={`${BUTTON_PRIMARY} w-full sm:w-auto`}>
          {sending ? "Sending..." : "Ask to return it"}
        </button>
      </Form>
    </>
  );
}
