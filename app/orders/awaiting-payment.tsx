import { Form, useNavigation, href } from "react-router";
import { formatHoldDay, formatHoldTime } from "#contract/hold-time";
import { formatRupees } from "#contract/money";
import type { Order } from "#contract/orders";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";

/**
 * An order awaiting payment, for its shopper: Pay now while its window is open (a new PhonePe attempt on the
 * pieces it holds, posted to the order page's action, which sends the browser to PhonePe), and Cancel, which
 * gives its pieces back at once; a cash order's Pay now says what paying online saves (its Cash on Delivery
 * fee). Forms, so that both work before the page's scripts have run.
 */
export function AwaitingPayment({ order, compact = false }: { order: Order; compact?: boolean }) {
  const navigation = useNavigation();
  const action = href("/orders/:id", { id: order.orderId });
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  if (order.orderStatus !== "Pending" || order.paymentStatus !== "Initiated") return null;
  const cash = order.paymentMethod === "COD";
  return (
    <div
      className={`flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 ring-1 ring-amber-200 ${compact ? "mt-3 p-3 text-sm" : "mt-6 p-5"}`}
    >
      {/* 16rem or the whole line: on a phone the buttons go below the text instead of squeezing it. */}
      <p className="min-w-0 grow basis-64">
        {cash && order.payBy ? (
          <>
            <strong>Confirm your order</strong> to pay in cash when it arrives. We hold the pieces for you
            until <time dateTime={order.payBy}>{formatHoldDay(order.payBy)}</time>; an order not confirmed by
            then is cancelled.
          </>
        ) : order.payBy ? (
          <>
            <strong>Waiting for payment.</strong> We hold the pieces for you until{" "}
            <time dateTime={order.payBy}>{formatHoldTime(order.payBy)}</time>.
          </>
        ) : (
          <>
            <strong>Waiting for PhonePe</strong> to confirm a payment. If you did not pay, the pieces go back
            on sale in a few minutes.
          </>
        )}
      </p>
      {cash ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="confirm-cod" />
          <button
            type="submit"
            className={BUTTON_PRIMARY}
            disabled={busy}
            aria-label={compact ? `Confirm order ${order.orderId}` : undefined}
          >
            Confirm order
          </button>
        </Form>
      ) : null}
      {order.payBy ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="pay" />
          <button
            type="submit"
            className={cash ? TEXT_LINK : BUTTON_PRIMARY}
            disabled={busy}
            aria-label={compact ? `Pay now for order ${order.orderId}` : undefined}
          >
            {!cash
              ? "Pay now"
              : order.payOnlineSaves > 0
                ? `Pay now with PhonePe and save ${formatRupees(order.payOnlineSaves)}`
                : "Pay now with PhonePe instead"}
          </button>
        </Form>
      ) : null}
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="cancel" />
        <button
          type="submit"
          className={TEXT_LINK}
          disabled={busy}
          aria-label={`Cancel order ${order.orderId}`}
        >
          Cancel order
        </button>
      </Form>
    </div>
  );
}
