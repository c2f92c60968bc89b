import { Link } from "~/components/navigation";
import { ANY_ROLE } from "#contract/users-rules";
import { requireUser } from "~/account/guards";
import { STORE } from "#contract/store";
import { useCart } from "~/cart/cart-context";
import { subtotal } from "~/cart/cart-lines";
import { formatRupees } from "#contract/money";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/checkout";

export const meta = () =>
  pageMeta({
    title: "Checkout | Fast, Secure Shopping",
    description: "Review your bag and place your order.",
    noindex: true,
  });

/** Checkout is for signed-in shoppers (spec route table); guests log in first and come back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, ANY_ROLE);
  return null;
}

/** A placeholder until online checkout ships: it shows the bag and how to order meanwhile. */
export default function Checkout() {
  const { items } = useCart();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {items.length === 0 ? (
        <p className="mt-4">
          Your cart is empty.{" "}
          <Link to="/products" className="font-semibold text-brand-700 underline">
            Continue shopping
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-brand-100 rounded-lg bg-white px-4 ring-1 ring-brand-100">
            {items.map((item) => (
              <li key={`${item.id}-${item.size}`} className="flex justify-between gap-4 py-3">
                <Link to={`/products/${item.id}`} className="hover:underline">
                  {item.name} {item.size ? `(${item.size})` : ""} × {item.quantity}
                </Link>
                <span>{formatRupees(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex justify-between px-4 text-lg font-semibold">
            <span>Subtotal</span>
            <span>{formatRupees(subtotal(items))}</span>
          </p>
          <p className="mt-6 rounded-lg bg-brand-50 p-4">
            Online payment with PhonePe is coming soon. Meanwhile, call or WhatsApp us on{" "}
            <a href={STORE.phoneHref} className="font-semibold text-brand-700 underline">
              {STORE.phone}
            </a>{" "}
            with your bag and we will confirm your order.
          </p>
        </>
      )}
    </section>
  );
}
