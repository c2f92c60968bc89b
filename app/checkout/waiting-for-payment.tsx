import { useEffect, useState } from "react";
import { href, Link, useNavigate } from "react-router";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { browserApi } from "~/lib/api-client";

/** The popup's payment is asked after for 15 minutes at most (PhonePe's window for it), every 5 s. */
const MAX_POPUP_POLLS = 180;

export type PaymentInPopup = { orderId: string; checkoutUrl: string };

/**
 * Checkout while PhonePe's page is open in its popup: it asks every 5 s (spec section 9) how the payment
 * stands, for as long as PhonePe takes the payment, and goes to the payment's answer once PhonePe has one;
 * then the order's page says what is left to do.
 */
export function WaitingForPayment({ payment }: { payment: PaymentInPopup }) {
  const navigate = useNavigate();
  const [gaveUp, setGaveUp] = useState(false);
  const callback = `${href("/payment/callback")}?orderId=${encodeURIComponent(payment.orderId)}`;
  useEffect(() => {
    let polls = 0;
    const timer = setInterval(async () => {
      if (++polls > MAX_POPUP_POLLS) {
        clearInterval(timer);
        return setGaveUp(true);
      }
      const { getOrderStatusCall } = await import("#contract/orders");
      const status = await browserApi(getOrderStatusCall, { orderId: payment.orderId });
      if (status.ok && status.data.paymentStatus !== "Initiated") void navigate(callback);
    }, 5000);
    return () => clearInterval(timer);
  }, [payment.orderId, callback, navigate]);

  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-live="polite">
      <h1 className="text-3xl font-bold">Complete your payment</h1>
      {gaveUp ? (
        <p className="mt-4">
          PhonePe has not confirmed a payment of order {payment.orderId}. If you paid, we e-mail you as soon
          as it does; if not, pay from{" "}
          <Link to={href("/orders/:id", { id: encodeURIComponent(payment.orderId) })} className={TEXT_LINK}>
            the order&apos;s page
          </Link>{" "}
          while we hold its pieces.
        </p>
      ) : (
        <p className="mt-4">
          PhonePe opened in a new window. We are waiting for it to confirm the payment of order{" "}
          {payment.orderId}.
        </p>
      )}
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        <a href={payment.checkoutUrl} className={BUTTON_PRIMARY}>
          Pay in this window instead
        </a>
        <Link to={callback} className={TEXT_LINK + " self-center"}>
          I have paid
        </Link>
      </p>
    </section>
  );
}
