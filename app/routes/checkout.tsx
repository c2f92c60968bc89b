import { useEffect, useMemo, useRef, useState } from "react";
import { useLoaderData, useNavigate, href, Link } from "react-router";
import type { Address } from "#contract/addresses";
import { formatRupees } from "#contract/money";
import { cancelOrderCall, ORDER_MESSAGES, payAgainCall, placeOrderCall } from "#contract/orders";
import { ANY_ROLE } from "#contract/accounts-rules";
import { formatMobile } from "~/accounts/format";
import { requireUser } from "~/accounts/guards";
import { privatePageHeaders } from "~/lib/page-headers";
import { useCart } from "~/cart/cart-context";
import { bagLines, hasSize, lineKey } from "~/cart/cart-lines";
import { CustomizationDetails } from "~/orders/customization-details";
import { DeliveryEstimate } from "~/checkout/delivery-estimate";
import { TAILORING_MESSAGES } from "#contract/tailoring-rules";
import { cannotBeOrdered, usePricedCart } from "~/cart/priced-cart";
import { AddressForm } from "~/checkout/address-form";
import { DeliveryRuleText } from "~/content/store-details";
import { openPhonePe } from "~/checkout/open-phonepe";
import { PaymentChoices, type PaymentChoice } from "~/checkout/payment-choice";
import { WhatsAppConsent } from "~/checkout/whatsapp-consent";
import { whatsAppAccountCall } from "#contract/whatsapp";
import { PriceBreakdown } from "~/orders/price-breakdown";
import { LockIcon } from "~/components/icons";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { myAddressesCall } from "#contract/addresses";
import { getOrderStatusCall } from "#contract/orders";
import { useHydrated } from "~/lib/hydration";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/checkout";

export const meta = () =>
  pageMeta({
    title: "Checkout | Fast, Secure Shopping",
    description: "Review your bag, choose where it goes and pay with PhonePe.",
    noindex: true,
    titleAsGiven: true,
  });

export const headers = privatePageHeaders;

/** Checkout is for signed-in shoppers (spec route table); guests log in first and come back to their bag. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, ANY_ROLE);
  const [addresses, whatsapp] = await Promise.all([
    context.api(myAddressesCall),
    context.api(whatsAppAccountCall),
  ]);
  return { addresses: addresses.ok ? addresses.data : [], whatsapp: whatsapp.ok ? whatsapp.data : null };
}

/** The popup's payment is asked after for 15 minutes at most (PhonePe's window for it), every 5 s. */
const MAX_POPUP_POLLS = 180;

/** A random key for one checkout attempt (crypto.randomUUID needs a secure context; this does not). */
const newAttemptKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );

export default function Checkout() {
  const { addresses: saved, whatsapp } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { items, clear: clearCart } = useCart();
  const navigate = useNavigate();
  const [addresses, setAddresses] = useState<Address[]>(saved);
  const [selected, setSelected] = useState<number | null>(saved[0]?.id ?? null);
  const [editing, setEditing] = useState<number | "new" | null>(saved.length === 0 ? "new" : null);
  const [method, setMethod] = useState<PaymentChoice | null>(null);
  const [placing, setPlacing] = useState(false);
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const [waitingFor, setWaitingFor] = useState<{ orderId: string; checkoutUrl: string } | null>(null);
  const { priced, failed, lineOf } = usePricedCart(
    items,
    true,
    method === "cod" ? "COD" : method === "phonePe" ? "PhonePe" : undefined,
  );
  // One of the shopper's orders awaiting payment holds pieces of this bag (the server said so at Place Order,
  // or the priced bag does): she pays for it, or cancels it and orders again, instead of placing a second.
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const heldBy =
    refusedFor ?? priced?.lines.find((line) => line.problem === "awaiting-payment")?.orderId ?? null;
  const lines = useMemo(() => bagLines(items), [items]);
  // One key per attempt at this bag: a double click or a retry after a dropped connection finds the same order.
  const attempt = useRef<{ bag: string; key: string } | null>(null);
  function attemptKey() {
    const bag = JSON.stringify(lines);
    if (attempt.current?.bag !== bag) attempt.current = { bag, key: newAttemptKey() };
    return attempt.current.key;
  }

  function saveAddress(address: Address) {
    setAddresses((list) =>
      list.some((a) => a.id === address.id)
        ? list.map((a) => (a.id === address.id ? address : a))
        : [...list, address],
    );
    setSelected(address.id);
    setEditing(null);
    toast("success", "Address saved");
  }

  /** PhonePe's page for a payment: a popup on a wide screen while this page waits, else this tab. */
  function pay(orderId: string, checkoutUrl: string) {
    if (openPhonePe(checkoutUrl) === "redirected") return;
    setWaitingFor({ orderId, checkoutUrl });
  }

  async function payHeldOrder(orderId: string) {
    setPlacing(true);
    const result = await browserApi(payAgainCall, {
      orderId,
      redirectUrl: `${window.location.origin}/payment/callback`,
    });
    setPlacing(false);
    if (!result.ok) {
      setRefusedFor(null);
      return toast("error", "Payment not started", result.message || "Please try again.");
    }
    pay(result.data.orderId, result.data.phonePe.checkoutUrl);
  }

  async function cancelAndOrderAgain(orderId: string) {
    if (!readyToPlace({ afterCancelling: true })) return;
    setPlacing(true);
    const result = await browserApi(cancelOrderCall, { orderId });
    if (!result.ok) {
      setPlacing(false);
      return toast("error", "Order not cancelled", result.message || "Please try again.");
    }
    setRefusedFor(null);
    await placeOrder({ afterCancelling: true });
  }

  /** What Place Order needs before it is sent; a toast says what is missing. */
  function readyToPlace({ afterCancelling = false }: { afterCancelling?: boolean } = {}): boolean {
    const refuse = (...toastArgs: Parameters<typeof toast>) => {
      toast(...toastArgs);
      return false;
    };
    if (items.length === 0) return refuse("error", ORDER_MESSAGES.cartEmpty);
    if (selected === null) return refuse("error", ORDER_MESSAGES.selectAddress);
    if (method === null) return refuse("error", "Select payment method", ORDER_MESSAGES.selectPaymentMethod);
    if (!addresses.some((address) => address.id === selected))
      return refuse("error", ORDER_MESSAGES.invalidAddress);
    const problem = addresses.find((address) => address.id === selected)?.problem;
    if (problem) {
      setEditing(selected);
      return refuse("error", "Check the address", problem);
    }
    if (!items.every(hasSize))
      return refuse(
        "error",
        "Choose a size",
        "Some pieces in your bag have no size. Choose one on the product page.",
      );
    // Lines held by the order just cancelled are orderable again, though the priced bag still says otherwise.
    if (priced && !priced.orderable && !afterCancelling)
      return refuse(
        "error",
        "Check your bag",
        "Some pieces cannot be ordered as they are. See the notes in your bag.",
      );
    return true;
  }

  async function placeOrder({ afterCancelling = false }: { afterCancelling?: boolean } = {}) {
    if (!readyToPlace({ afterCancelling })) return setPlacing(false);
    setPlacing(true);
    const result = await browserApi(
      placeOrderCall,
      {
        items: bagLines(items.filter(hasSize)),
        addressId: selected,
        paymentMethod: method === "cod" ? "COD" : "phonePe",
        whatsappUpdates,
        ...(priced ? { totalAmount: priced.total } : {}),
        redirectUrl: `${window.location.origin}/payment/callback`,
      },
      { headers: { "idempotency-key": attemptKey() } },
    );
    if (!result.ok) {
      setPlacing(false);
      if (result.status === 0) return toast("error", "Error", "Failed to place order");
      const held = result.errors?.awaitingOrderId;
      if (result.status === 409 && held) return setRefusedFor(held);
      return toast("error", "Order Failed", result.message || "Unable to create order");
    }
    if (method === "cod") {
      // The order holds the pieces now; nothing is left to pay online (decision 048).
      clearCart();
      toast("success", "Order placed", "Confirm it on its page, and pay in cash when it arrives.");
      return navigate(href("/orders/:id", { id: result.data.orderId }));
    }
    pay(result.data.orderId, result.data.phonePe.checkoutUrl);
  }

  // While PhonePe's page is open in its popup, ask every 5 s (spec section 9) how the payment stands, for as
  // long as PhonePe takes the payment; then the order's page says what is left to do.
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waitingFor) return;
    let polls = 0;
    const timer = setInterval(async () => {
      if (++polls > MAX_POPUP_POLLS) {
        clearInterval(timer);
        return setGaveUp(true);
      }
      const status = await browserApi(getOrderStatusCall, { orderId: waitingFor.orderId });
      if (status.ok && status.data.paymentStatus !== "Initiated")
        void navigate(`${href("/payment/callback")}?orderId=${encodeURIComponent(waitingFor.orderId)}`);
    }, 5000);
    return () => clearInterval(timer);
  }, [waitingFor, navigate]);

  if (hydrated && items.length === 0 && !waitingFor)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <p className="mt-4 text-lg font-semibold">{ORDER_MESSAGES.cartEmpty}</p>
        <Link to={href("/products")} className={`${BUTTON_PRIMARY} mt-6`}>
          Continue shopping
        </Link>
      </section>
    );

  if (waitingFor)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-live="polite">
        <h1 className="text-3xl font-bold">Complete your payment</h1>
        {gaveUp ? (
          <p className="mt-4">
            PhonePe has not confirmed a payment of order {waitingFor.orderId}. If you paid, we e-mail you as
            soon as it does; if not, pay from{" "}
            <Link
              to={href("/orders/:id", { id: encodeURIComponent(waitingFor.orderId) })}
              className={TEXT_LINK}
            >
              the order&apos;s page
            </Link>{" "}
            while we hold its pieces.
          </p>
        ) : (
          <p className="mt-4">
            PhonePe opened in a new window. We are waiting for it to confirm the payment of order{" "}
            {waitingFor.orderId}.
          </p>
        )}
        <p className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={waitingFor.checkoutUrl} className={BUTTON_PRIMARY}>
            Pay in this window instead
          </a>
          <Link
            to={`${href("/payment/callback")}?orderId=${encodeURIComponent(waitingFor.orderId)}`}
            className={TEXT_LINK + " self-center"}
          >
            I have paid
          </Link>
        </p>
      </section>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Checkout</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid gap-8">
          <section aria-labelledby="bag-heading">
            <h2 id="bag-heading" className="text-xl font-bold">
              Your bag
            </h2>
            {!hydrated ? (
              <p className="mt-3 text-muted">Loading your bag...</p>
            ) : (
              <ul className="mt-3 divide-y divide-brand-100 rounded-2xl bg-white px-4 ring-1 ring-brand-100">
                {items.map((item) => {
                  const line = lineOf(item);
                  const leaves = cannotBeOrdered(line);
                  return (
                    <li key={lineKey(item)} className="flex gap-3 py-3">
                      <Link
                        to={href("/products/:id", { id: String(item.id) })}
                        tabIndex={-1}
                        aria-hidden="true"
                        className="shrink-0"
                      >
                        <LineImage
                          src={item.image}
                          width={64}
                          height={85}
                          className="h-[85px] w-16 rounded object-cover"
                        />
                      </Link>
                      <div className="min-w-0 flex-1">
                        <Link
                          to={href("/products/:id", { id: String(item.id) })}
                          className="font-medium hover:text-brand-700"
                        >
                          {item.name}
                        </Link>
                        <p className="text-sm text-muted">
                          Size {item.size || "not chosen"} · Qty {item.quantity}
                        </p>
                        {item.customization ? <CustomizationDetails {...item.customization} /> : null}
                        {!hasSize(item) && (
                          <p className="mt-1 text-sm text-red-700">
                            Choose a size on the{" "}
                            <Link to={href("/products/:id", { id: String(item.id) })} className={TEXT_LINK}>
                              product page
                            </Link>
                            .
                          </p>
                        )}
                        {line?.problem && (
                          <p
                            className={`mt-1 text-sm ${line.problem === "price-changed" ? "text-amber-800" : "text-red-700"}`}
                          >
                            {line.message}
                          </p>
                        )}
                      </div>
                      <p
                        className={`font-semibold whitespace-nowrap ${leaves ? "text-muted line-through" : ""}`}
                      >
                        {formatRupees((line?.price ?? item.price) * item.quantity)}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )}
            {hydrated && items.some((item) => item.customization) ? (
              <p
                className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
                id="made-to-order"
              >
                <strong>Made to order.</strong> {TAILORING_MESSAGES.madeToOrder}{" "}
                <Link to={href("/return-policy")} className={TEXT_LINK}>
                  Return policy
                </Link>
              </p>
            ) : null}
          </section>

          <section aria-labelledby="address-heading">
            <h2 id="address-heading" className="text-xl font-bold">
              Delivery address
            </h2>
            {addresses.length > 0 && (
              <fieldset className="mt-3 grid gap-3">
                <legend className="sr-only">Choose a delivery address</legend>
                {addresses.map((address) =>
                  editing === address.id ? (
                    <AddressForm
                      key={address.id}
                      address={address}
                      onSaved={saveAddress}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <div
                      key={address.id}
                      className={`flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ${selected === address.id ? "ring-2 ring-brand-600" : "ring-brand-100"}`}
                    >
                      <input
                        type="radio"
                        name="address"
                        id={`address-${address.id}`}
                        checked={selected === address.id}
                        onChange={() => setSelected(address.id)}
                        className="mt-1 size-4 accent-brand-600"
                      />
                      <label htmlFor={`address-${address.id}`} className="min-w-0 flex-1 cursor-pointer">
                        <span className="block font-semibold">{address.name}</span>
                        <span className="block text-sm wrap-anywhere">
                          {address.address}, {address.city}, {address.state} {address.pincode}
                        </span>
                        <span className="block text-sm text-muted">Phone {formatMobile(address.phone)}</span>
                        {address.problem ? (
                          <span className="mt-1 block text-sm font-semibold text-amber-800">
                            {address.problem}
                          </span>
                        ) : null}
                      </label>
                      <button
                        type="button"
                        className={TEXT_LINK}
                        onClick={() => setEditing(address.id)}
                        aria-label={`Edit the address of ${address.name}`}
                      >
                        Edit
                      </button>
                    </div>
                  ),
                )}
              </fieldset>
            )}
            <DeliveryEstimate
              pincode={addresses.find((address) => address.id === selected)?.pincode ?? null}
              customised={items.some((item) => item.customization)}
            />
            <div className="mt-3">
              {editing === "new" ? (
                <AddressForm onSaved={saveAddress} onCancel={() => setEditing(null)} />
              ) : (
                <button type="button" className={TEXT_LINK} onClick={() => setEditing("new")}>
                  + Add a new address
                </button>
              )}
            </div>
          </section>

          <section aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="text-xl font-bold">
              Payment method
            </h2>
            <PaymentChoices
              method={method}
              onChange={setMethod}
              pincode={addresses.find((address) => address.id === selected)?.pincode ?? null}
              subtotal={priced?.subtotal ?? null}
              customised={items.some((item) => item.customization)}
            />
            <WhatsAppConsent
              account={whatsapp}
              phone={addresses.find((address) => address.id === selected)?.phone ?? null}
              checked={whatsappUpdates}
              onChange={setWhatsappUpdates}
            />
          </section>
        </div>

        <aside
          aria-labelledby="summary-heading"
          className="rounded-2xl bg-white p-5 ring-1 ring-brand-100 lg:sticky lg:top-24"
        >
          <h2 id="summary-heading" className="text-xl font-bold">
            Order summary
          </h2>
          {failed && (
            <p className="mt-2 text-sm text-red-700">
              We could not check the prices. Please reload the page.
            </p>
          )}
          <PriceBreakdown breakdown={priced} testIdPrefix="checkout" className="mt-4" />
          <p className="mt-2 text-sm text-muted">
            <DeliveryRuleText />.
          </p>
          {heldBy ? (
            <div className="mt-5 grid gap-3" role="group" aria-labelledby="held-by-heading">
              <p id="held-by-heading" className="rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
                Pieces in your bag are held for your order{" "}
                <Link to={href("/orders/:id", { id: heldBy })} className={TEXT_LINK}>
                  {heldBy}
                </Link>
                , which is waiting for payment.
              </p>
              <button
                type="button"
                className={`${BUTTON_PRIMARY} w-full`}
                onClick={() => void payHeldOrder(heldBy)}
                disabled={placing || !hydrated}
              >
                Pay for order {heldBy}
              </button>
              <button
                type="button"
                className={`${TEXT_LINK} justify-self-center`}
                onClick={() => void cancelAndOrderAgain(heldBy)}
                disabled={placing || !hydrated}
              >
                Cancel it and order again
              </button>
            </div>
          ) : (
            <button
              type="button"
              className={`${BUTTON_PRIMARY} mt-5 w-full`}
              onClick={() => void placeOrder()}
              disabled={placing || !hydrated}
            >
              {placing ? "Placing your order..." : "Place Order"}
            </button>
          )}
          <p className="mt-3 flex items-center gap-2 text-sm text-muted">
            <LockIcon size={16} aria-hidden="true" />{" "}
            {method === "cod"
              ? "You pay in cash when the parcel arrives."
              : "You pay securely on PhonePe's own page."}
          </p>
          <p className="mt-2 text-sm text-muted">
            Your address goes to the courier and the payment to PhonePe: see our{" "}
            <Link to={href("/privacy")} className={TEXT_LINK}>
              Privacy Notice
            </Link>
            .
          </p>
        </aside>
      </div>
    </div>
  );
}
