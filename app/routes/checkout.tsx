import { useMemo, useRef, useState } from "react";
import { useLoaderData, useNavigate, href } from "react-router";
import type { Address } from "#contract/addresses";
import { ORDER_MESSAGES } from "#contract/orders-rules";
import { ANY_ROLE } from "#contract/accounts-rules";
import { requireUser } from "~/accounts/guards";
import { privatePageHeaders } from "~/lib/page-headers";
import { useCart } from "~/cart/cart-context";
import { bagLines, hasSize } from "~/cart/cart-lines";
import { bagLinesOf } from "~/cart/bag-lines-cookie";
import { usePricedCart } from "~/cart/priced-cart";
import { CheckoutBag, CheckoutEmpty } from "~/checkout/checkout-bag";
import { WaitingForPayment, type PaymentInPopup } from "~/checkout/waiting-for-payment";
import { AddressChoice, type AddressEditing } from "~/checkout/address-choice";
import { CheckoutSummary } from "~/checkout/checkout-summary";
import { openPhonePe } from "~/checkout/open-phonepe";
import { PaymentChoices, type PaymentChoice } from "~/checkout/payment-choice";
import { WhatsAppConsent } from "~/checkout/whatsapp-consent";
import { whatsAppAccountCall } from "#contract/whatsapp";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { myAddressesCall } from "#contract/addresses";
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
  return {
    addresses: addresses.ok ? addresses.data : [],
    whatsapp: whatsapp.ok ? whatsapp.data : null,
    expectedBagLines: bagLinesOf(request),
  };
}

/** The order calls and their schemas: loaded with the first button pressed, not with checkout. */
const orderCalls = () => import("#contract/orders");

/** A random key for one checkout attempt (crypto.randomUUID needs a secure context; this does not). */
const newAttemptKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );

export default function Checkout() {
  const { addresses: saved, whatsapp, expectedBagLines } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { items, clear: clearCart } = useCart();
  const navigate = useNavigate();
  const [addresses, setAddresses] = useState<Address[]>(saved);
  const [selected, setSelected] = useState<number | null>(saved[0]?.id ?? null);
  const [editing, setEditing] = useState<AddressEditing>(saved.length === 0 ? "new" : null);
  const [method, setMethod] = useState<PaymentChoice | null>(null);
  const [placing, setPlacing] = useState(false);
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const [waitingFor, setWaitingFor] = useState<PaymentInPopup | null>(null);
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
    const { payAgainCall } = await orderCalls();
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
    const { cancelOrderCall } = await orderCalls();
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
    const { placeOrderCall } = await orderCalls();
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

  if (hydrated ? items.length === 0 && !waitingFor : expectedBagLines === 0) return <CheckoutEmpty />;
  if (waitingFor) return <WaitingForPayment payment={waitingFor} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Checkout</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid gap-8">
          <CheckoutBag hydrated={hydrated} items={items} lineOf={lineOf} expectedLines={expectedBagLines} />

          <AddressChoice
            addresses={addresses}
            selected={selected}
            editing={editing}
            customised={items.some((item) => item.customization)}
            onSelect={setSelected}
            onEdit={setEditing}
            onSaved={saveAddress}
          />

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

        <CheckoutSummary
          priced={priced}
          failed={failed}
          heldBy={heldBy}
          method={method}
          placing={placing}
          hydrated={hydrated}
          onPlaceOrder={() => void placeOrder()}
          onPayHeld={(orderId) => void payHeldOrder(orderId)}
          onCancelHeld={(orderId) => void cancelAndOrderAgain(orderId)}
        />
      </div>
    </div>
  );
}
