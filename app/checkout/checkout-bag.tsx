import { href, Link } from "react-router";
import { formatRupees } from "#contract/money";
import type { PricedCartLine } from "#contract/orders";
import { ORDER_MESSAGES } from "#contract/orders-rules";
import { TAILORING_MESSAGES } from "#contract/tailoring-rules";
import { hasSize, lineKey, type CartItem } from "~/cart/cart-lines";
import { cannotBeOrdered } from "~/cart/priced-cart";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { CustomizationDetails } from "~/orders/customization-details";

/** A line's height at checkout: its 85 px picture, 12 px above and below, and the rule between lines. */
const LINE_CLASS = "flex gap-3 py-3";
const LIST_CLASS = "mt-3 divide-y divide-brand-100 rounded-2xl bg-white px-4 ring-1 ring-brand-100";

/**
 * The bag at checkout, each line as the server priced it. Before hydration the bag (in local storage) is
 * unknown to the page: it keeps room for as many lines as the bag's cookie says (`expectedLines`), so that
 * the address and payment below do not move when the lines arrive.
 */
export function CheckoutBag({
  hydrated,
  items,
  lineOf,
  expectedLines,
}: {
  hydrated: boolean;
  items: CartItem[];
  lineOf: (item: CartItem) => PricedCartLine | undefined;
  expectedLines: number | null;
}) {
  return (
    <section aria-labelledby="bag-heading">
      <h2 id="bag-heading" className="text-xl font-bold">
        Your bag
      </h2>
      {!hydrated ? (
        <BagLoading lines={expectedLines} />
      ) : (
        <ul className={LIST_CLASS}>
          {items.map((item) => {
            const line = lineOf(item);
            const leaves = cannotBeOrdered(line);
            return (
              <li key={lineKey(item)} className={LINE_CLASS}>
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
                <p className={`font-semibold whitespace-nowrap ${leaves ? "text-muted line-through" : ""}`}>
                  {formatRupees((line?.price ?? item.price) * item.quantity)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {hydrated && items.some((item) => item.customization) ? (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" id="made-to-order">
          <strong>Made to order.</strong> {TAILORING_MESSAGES.madeToOrder}{" "}
          <Link to={href("/return-policy")} className={TEXT_LINK}>
            Return policy
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The room the bag's lines will take, each an empty line of their height; a line of text when their number is unknown. */
function BagLoading({ lines }: { lines: number | null }) {
  if (!lines) return <p className="mt-3 text-muted">Loading your bag...</p>;
  return (
    <ul className={LIST_CLASS} aria-busy="true" aria-label="Loading your bag">
      {Array.from({ length: lines }, (_, line) => (
        <li key={line} className={LINE_CLASS}>
          <span className="h-[85px] w-16 shrink-0 rounded bg-brand-50" />
        </li>
      ))}
    </ul>
  );
}

/** Checkout with nothing in the bag: the way back to the shop. */
export function CheckoutEmpty() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <p className="mt-4 text-lg font-semibold">{ORDER_MESSAGES.cartEmpty}</p>
      <Link to={href("/products")} className={`${BUTTON_PRIMARY} mt-6`}>
        Continue shopping
      </Link>
    </section>
  );
}
