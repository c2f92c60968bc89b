import type { ZodType } from "zod";
import { data, redirectDocument } from "react-router";
import type { ApiCaller, CallDescription } from "#contract/call";
import { confirmCodCall, staffConfirmCodCall } from "#contract/cash-on-delivery";
import {
  askReattemptCall,
  sandboxParcelScanCall,
  shipWithCourierCall,
  updateParcelContactCall,
} from "#contract/courier-parcels";
import { cancelOrderCall, ORDER_STATUSES, payAgainCall } from "#contract/orders";
import {
  approveReturnCall,
  receiveReturnCall,
  refuseReturnCall,
  returnRefundedCall,
} from "#contract/returns";
import {
  markRefundPaidCall,
  markTailoringDoneCall,
  retryRefundCall,
  STAFF_ORDER_MESSAGES,
  updateOrderStatusCall,
  updateTrackingCall,
} from "#contract/staff-orders";
import { callWithForm } from "~/lib/form-reading";
import { formText, postedForm } from "~/lib/form-values";

/** The call each button of the page makes (Pay now aside, which goes on to PhonePe). */
const CALLS = {
  status: updateOrderStatusCall,
  tracking: updateTrackingCall,
  "tailoring-done": markTailoringDoneCall,
  "confirm-cod": confirmCodCall,
  cancel: cancelOrderCall,
  "refund-retry": retryRefundCall,
  "refund-paid": markRefundPaidCall,
  "ship-courier": shipWithCourierCall,
  reattempt: askReattemptCall,
  "sandbox-scan": sandboxParcelScanCall,
  "confirm-cod-by-phone": staffConfirmCodCall,
  "parcel-contact": updateParcelContactCall,
  "return-approve": approveReturnCall,
  "return-refuse": refuseReturnCall,
  "return-receive": receiveReturnCall,
  "return-refunded": returnRefundedCall,
} satisfies Record<string, ButtonCall>;
type ButtonCall = CallDescription & { body: ZodType; output: ZodType<{ message: string }> };
type OrderIntent = "pay" | keyof typeof CALLS;

/**
 * The shopper's Pay now (to PhonePe's page for a new attempt), Confirm (a cash order) and Cancel; staff's status changes,
 * tailoring marked done, and a failed refund asked again or marked paid (the API refuses anyone else, any change not allowed from the current status, and a
 * line that is not this order's customised one).
 */
export async function orderAction(request: Request, api: ApiCaller, orderId: string) {
  const form = await postedForm(request);
  // What the button pressed asks, by its `intent`.
  const posted = formText(form, "intent");
  const intent = posted === "pay" || Object.hasOwn(CALLS, posted) ? (posted as OrderIntent) : undefined;
  const answer = (
    result:
      | { ok: true; message: string }
      | { ok: false; status: number; message: string; errors?: Record<string, string> | undefined },
  ) =>
    result.ok
      ? { ok: true as const, intent, message: result.message, errors: undefined }
      : data(
          {
            ok: false as const,
            intent,
            message: result.message || "The order could not be updated. Please try again.",
            // The fields the API named (a cancellation's reason), shown at the field.
            errors: result.errors,
          },
          { status: result.status >= 400 ? result.status : 502 },
        );
  if (intent === "pay") {
    const paying = await api(payAgainCall, { orderId });
    // PhonePe's page is no page of this app: the browser loads it as a document.
    if (paying.ok) return redirectDocument(paying.data.phonePe.checkoutUrl);
    return answer(paying);
  }
  const status = formText(form, "status");
  if (!intent || (intent === "status" && !ORDER_STATUSES.some((name) => name === status)))
    return data(
      { ok: false as const, intent, message: "Choose what to do with the order.", errors: undefined },
      { status: 400 },
    );
  // Every other button's form is its call's body, read through the call's schema, for this page's order.
  form.delete("intent");
  form.set("orderId", orderId);
  if (formText(form, "courier") !== "other") form.delete("trackingUrl");
  if (intent === "status") {
    // The courier and tracking go with Shipped only; a cancellation needs its reason, shown at the field.
    if (status !== "Shipped")
      for (const name of ["courier", "trackingNumber", "trackingUrl"]) form.delete(name);
    if (status === "Cancelled" && !formText(form, "cancelReason"))
      return answer({
        ok: false,
        status: 400,
        message: STAFF_ORDER_MESSAGES.cancelReason,
        errors: { cancelReason: STAFF_ORDER_MESSAGES.cancelReason },
      });
  }
  return answer(await callWithForm(api, form, CALLS[intent] as ButtonCall));
}
