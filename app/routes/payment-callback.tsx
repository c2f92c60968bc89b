import { useEffect, useState } from "react";
import { useSearchParams, href, Link } from "react-router";
import type { OrderStatusView } from "#contract/orders";
import { useCart } from "~/cart/cart-context";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { dismissToasts, toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { getOrderStatusCall } from "#contract/orders";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({ title: "Payment status", description: "How your PhonePe payment went.", noindex: true });

export const headers = privatePageHeaders;

/** Spec section 9: the payment status is asked every 5 s while PhonePe has not settled it. */
const POLL_MS = 5000;
/** After two minutes of polling the page stops and says the e-mail will follow. */
const MAX_POLLS = 24;

type Shown = { status: string; orderStatus: string; paymentMethod: string; paymentStatus: string };

const FAILED: Shown = {
  status: "Failed",
  orderStatus: "Unknown",
  paymentMethod: "N/A",
  paymentStatus: "N/A",
};

const shownOf = (view: OrderStatusView): Shown => ({
  status:
    view.paymentStatus === "Success"
      ? "Successful"
      : view.paymentStatus === "Initiated"
        ? "Pending"
        : view.paymentStatus,
  orderStatus: view.orderStatus,
  paymentMethod: view.paymentMethod || "N/A",
  paymentStatus: view.paymentStatus,
});

/**
 * Confetti for 5 seconds (spec: 200 pieces), loaded only when a payment succeeds. Returns what stops it: the
 * shopper leaving the page takes the confetti away with it.
 */
function celebrate(): () => void {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reset = () => {};
  void import("canvas-confetti").then(({ default: confetti }) => {
    if (stopped) return;
    reset = () => confetti.reset();
    const end = Date.now() + 5000;
    const burst = () => {
      void confetti({ particleCount: 40, spread: 80, origin: { y: 0.6 }, disableForReducedMotion: true });
      if (Date.now() < end) timer = setTimeout(burst, 1000);
    };
    burst();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    reset();
  };
}

/**
 * Where PhonePe sends the shopper back. The redirect says nothing about the payment: the page asks the store,
 * which asks PhonePe, until the payment is settled.
 */
export default function PaymentCallback() {
  const [params] = useSearchParams();
  const orderId = params.get("orderId");
  const { clear: clearCart } = useCart();
  const [polled, setShown] = useState<Shown | null>(null);
  // With no order id there is nothing to ask: the spec's result is Failed, Unknown, N/A.
  const shown = orderId ? polled : FAILED;
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopCelebrating = () => {};
    async function poll(count: number) {
      const result = await browserApi(getOrderStatusCall, { orderId: orderId! });
      if (stopped) return;
      if (!result.ok) {
        setShown(FAILED);
        if (result.status === 0) toast("error", "Error", "Failed to check payment status");
        else toast("error", "Unable to verify payment", result.message || "Please contact support");
        return;
      }
      setShown(shownOf(result.data));
      if (result.data.paymentStatus === "Initiated") {
        if (count + 1 >= MAX_POLLS) return setGaveUp(true);
        timer = setTimeout(() => void poll(count + 1), POLL_MS);
        return;
      }
      if (result.data.paymentStatus === "Success") {
        toast("success", "Payment successful", "Thank you. Your payment was successful.");
        clearCart();
        stopCelebrating = celebrate();
        // Opened as PhonePe's popup: the checkout page that opened it takes over.
        if (window.opener) setTimeout(() => window.close(), 1500);
      } else {
        toast("error", "Payment not successful");
      }
    }
    void poll(0);
    // Leaving the page ends its celebration and its messages: they were about this page.
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCelebrating();
      dismissToasts();
    };
  }, [orderId, clearCart]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-live="polite">
      {!shown || (shown.paymentStatus === "Initiated" && !gaveUp) ? (
        <>
          <h1 className="text-3xl font-bold">Checking payment status...</h1>
          {shown && <p className="mt-4 text-muted">Waiting for PhonePe to confirm your payment.</p>}
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Payment {shown.status}</h1>
          {gaveUp && orderId && (
            <div className="mt-4 grid gap-2">
              <p>PhonePe has not confirmed your payment yet.</p>
              <p>
                If you paid, there is nothing more to do: we keep checking and e-mail you as soon as PhonePe
                confirms it. If you did not, you can pay from{" "}
                <Link to={href("/orders/:id", { id: encodeURIComponent(orderId) })} className={TEXT_LINK}>
                  your order&apos;s page
                </Link>{" "}
                while we hold its pieces.
              </p>
            </div>
          )}
          <dl className="mx-auto mt-6 grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl bg-white p-5 text-left ring-1 ring-brand-100">
            {orderId && (
              <>
                <dt className="text-muted">Order</dt>
                <dd className="font-semibold break-all">{orderId}</dd>
              </>
            )}
            <dt className="text-muted">Order status</dt>
            <dd className="font-semibold">{shown.orderStatus}</dd>
            <dt className="text-muted">Payment method</dt>
            <dd className="font-semibold">{shown.paymentMethod}</dd>
            <dt className="text-muted">Payment status</dt>
            <dd className="font-semibold">{shown.paymentStatus}</dd>
          </dl>
          {shown.paymentStatus === "Failed" && orderId ? (
            <p className="mt-4 font-semibold">No money was taken for this order.</p>
          ) : null}
          {shown.paymentStatus === "Refund Pending" || shown.paymentStatus === "Refunded" ? (
            <p className="mt-4 font-semibold">
              The money you paid comes back to the account you paid from, automatically, within 5-7 working
              days. We have e-mailed you about it.
            </p>
          ) : null}
          {shown.paymentStatus !== "Success" && shown.paymentStatus !== "Initiated" && (
            <p className="mt-4">
              Your bag is still here.{" "}
              <Link to={href("/checkout")} className="font-semibold text-brand-700 underline">
                Try again
              </Link>
            </p>
          )}
        </>
      )}
      <Link to={href("/orders")} className={`${BUTTON_PRIMARY} mt-8`}>
        Go to Orders
      </Link>
    </section>
  );
}
