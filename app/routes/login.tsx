import { Link } from "react-router";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({ title: "Login", description: "Sign in to your account.", noindex: true });

/** A placeholder until accounts ship. */
export default function Login() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Login</h1>
      <p className="mt-4 text-muted">
        Customer accounts are on their way. You can shop as a guest: your bag and wishlist are kept on this
        device.
      </p>
      <Link
        to="/products"
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Continue shopping
      </Link>
    </section>
  );
}
