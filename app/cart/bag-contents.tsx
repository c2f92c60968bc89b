import { useEffect, useRef } from "react";
import { useNavigate, href, Link } from "react-router";
import { LineImage } from "~/components/picture";
import { MinusIcon, PlusIcon, TrashIcon } from "~/components/icons";
import { toast } from "~/components/toast";
import { formatRupees } from "#contract/money";
import { TEXT_LINK } from "~/components/styles";
import { useCart } from "./cart-context";
import { CustomizationDetails } from "~/orders/customization-details";
import { hasSize, lineKey, subtotal, type CartItem } from "./cart-lines";
import { cannotBeOrdered, usePricedCart } from "./priced-cart";
import type { PricedCart, PricedCartLine } from "#contract/orders";
import { deliveryChargeFor, toFreeDelivery } from "#contract/delivery-rule";
import { useDeliveryRule } from "./delivery-rule";

/**
 * What the open bag shows: its lines, or 'Your cart is empty', and the subtotal. While it is open the server
 * prices the bag: a line whose product is gone or sold out says so and leaves the subtotal (checkout refuses
 * it), a line without a size asks for one. Loaded apart from the pages (cart-drawer.tsx).
 */
export default function BagContents() {
  const cart = useCart();
  const navigate = useNavigate();
  const { priced, lineOf } = usePricedCart(cart.items, cart.isOpen);
  // A removed line takes its buttons with it: the keyboard goes on to the next line (or the one before),
  // and to the empty bag's message once the last line has gone.
  const emptyMessage = useRef<HTMLParagraphElement>(null);
  const focusEmptyMessage = useRef(false);
  useEffect(() => {
    if (!focusEmptyMessage.current || cart.items.length > 0) return;
    focusEmptyMessage.current = false;
    emptyMessage.current?.focus();
  }, [cart.items.length]);

  function removeLine(item: CartItem, button: HTMLElement) {
    const line = button.closest("li");
    const neighbour = line?.nextElementSibling ?? line?.previousElementSibling;
    cart.remove(item);
    if (neighbour) neighbour.querySelector("a")?.focus();
    else focusEmptyMessage.current = true;
  }

  /** At 2 the minus button is about to be disabled, which would drop the keyboard: it goes to plus. */
  function decrease(item: CartItem, button: HTMLElement) {
    cart.step(item, -1);
    if (item.quantity === 2) button.parentElement?.querySelector<HTMLElement>("[data-increase]")?.focus();
  }

  function proceedToCheckout() {
    if (cart.items.length === 0) {
      toast("error", "Your bag is empty!");
      return;
    }
    cart.close();
    navigate(href("/checkout"), { state: { items: cart.items } });
  }

  return (
    <>
      {cart.items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
          <p ref={emptyMessage} tabIndex={-1} className="text-lg outline-none">
            Your cart is empty
          </p>
          <Link
            to={href("/products")}
            onClick={cart.close}
            className="rounded-full bg-brand-600 px-5 py-2 text-white hover:bg-brand-700"
          >
            Shop now
          </Link>
        </div>
      ) : (
        <ul className="flex-1 divide-y divide-brand-100 overflow-y-auto px-5" aria-label="Items in your bag">
          {cart.items.map((item) => {
            const line = lineOf(item);
            // The bag never promises more than the shop has: the quantity stops at the size's stock.
            const atStock = line?.available != null && item.quantity >= line.available;
            return (
              <li key={lineKey(item)} className="flex gap-3 py-4">
                <LineImage src={item.image} width={72} height={96} className="h-24 w-18 shrink-0 rounded" />
                <div className="flex flex-1 flex-col gap-1">
                  <Link
                    to={href("/products/:id", { id: String(item.id) })}
                    onClick={cart.close}
                    className="font-medium hover:underline"
                  >
                    {item.name}
                  </Link>
                  <p className="text-sm text-muted">Size: {item.size || "—"}</p>
                  {item.customization ? <CustomizationDetails {...item.customization} /> : null}
                  <LinePrice item={item} line={line} onLink={cart.close} />
                  <div className="mt-1 flex items-center gap-2">
                    <button
                      type="button"
                      onClick={(event) => decrease(item, event.currentTarget)}
                      disabled={item.quantity <= 1}
                      aria-label={`Decrease quantity of ${lineName(item)}`}
                      className="rounded border border-brand-200 p-1 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      <MinusIcon size={16} />
                    </button>
                    <span
                      aria-live="polite"
                      aria-label={`Quantity ${item.quantity}`}
                      className="w-6 text-center"
                    >
                      {item.quantity}
                    </span>
                    <button
                      type="button"
                      onClick={() => cart.step(item, 1)}
                      data-increase
                      disabled={atStock}
                      aria-label={`Increase quantity of ${lineName(item)}`}
                      className="rounded border border-brand-200 p-1 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      <PlusIcon size={16} />
                    </button>
                    <button
                      type="button"
                      onClick={(event) => removeLine(item, event.currentTarget)}
                      aria-label={`Remove ${lineName(item)}`}
                      className="ml-auto rounded p-1 text-muted hover:text-brand-700"
                    >
                      <TrashIcon size={18} />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {cart.items.length > 0 ? (
        <div className="border-t border-brand-100 p-5">
          <BagTotals priced={priced} localSubtotal={subtotal(cart.items.filter(hasSize))} />
          <button
            type="button"
            onClick={proceedToCheckout}
            className="mt-4 w-full rounded-full bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700"
          >
            Proceed to Checkout
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Subtotal, delivery and total as the server priced them (the bag's own sum and the store's rule until it
 * answers): the delivery charge is shown here, before checkout, never first at the end.
 */
function BagTotals({ priced, localSubtotal }: { priced: PricedCart | null; localSubtotal: number }) {
  const rule = useDeliveryRule();
  const subtotalShown = priced ? priced.subtotal : localSubtotal;
  const delivery = priced ? priced.deliveryCharge : rule ? deliveryChargeFor(localSubtotal, rule) : null;
  const toFree = rule ? toFreeDelivery(rule, subtotalShown) : null;
  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1">
        <dt>Subtotal</dt>
        <dd className="text-right" data-testid="cart-subtotal">
          {formatRupees(subtotalShown)}
        </dd>
        <dt>Delivery</dt>
        <dd className="text-right" data-testid="cart-delivery">
          {delivery === null ? "At checkout" : delivery === 0 ? "Free" : formatRupees(delivery)}
        </dd>
        <dt className="text-lg font-semibold">Total</dt>
        <dd className="text-right text-lg font-semibold" data-testid="cart-total">
          {delivery === null ? "..." : formatRupees(priced ? priced.total : subtotalShown + delivery)}
        </dd>
      </dl>
      <p className="mt-1 text-sm text-muted">
        {toFree !== null ? `Add ${formatRupees(toFree)} more for free delivery. ` : ""}Taxes included.
      </p>
    </>
  );
}

/** How the bag's buttons name a line: a customised piece and the same piece as it is are two lines. */
const lineName = (item: CartItem) =>
  `${item.name}, size ${item.size}${item.customization ? ", customised" : ""}`;

/** A line's price (the server's, once it has answered), and what stands in its way. */
function LinePrice({
  item,
  line,
  onLink,
}: {
  item: CartItem;
  line: PricedCartLine | undefined;
  onLink: () => void;
}) {
  const leaves = cannotBeOrdered(line);
  return (
    <>
      <p className={`text-sm font-semibold ${leaves ? "text-muted line-through" : ""}`}>
        {formatRupees(line?.price ?? item.price)}
      </p>
      {!hasSize(item) ? (
        <p className="text-sm text-red-700">
          Choose a size on the{" "}
          <Link to={href("/products/:id", { id: String(item.id) })} onClick={onLink} className={TEXT_LINK}>
            product page
          </Link>
          .
        </p>
      ) : line?.problem === "awaiting-payment" && line.orderId ? (
        <p className="text-sm text-amber-800">
          {line.message}{" "}
          <Link to={href("/orders/:id", { id: line.orderId })} onClick={onLink} className={TEXT_LINK}>
            Pay now or cancel it
          </Link>
        </p>
      ) : line?.problem ? (
        <p className={`text-sm ${leaves ? "font-semibold text-red-700" : "text-amber-800"}`}>
          {line.message}
          {leaves ? " Remove it to check out." : ""}
        </p>
      ) : null}
    </>
  );
}
