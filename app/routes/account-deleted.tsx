import { useEffect } from "react";
import { cartStore } from "~/cart/cart-context";
import { PRIVACY_MESSAGES } from "#contract/privacy-rules";
import { BUTTON_PRIMARY } from "~/components/styles";
import { pageMeta } from "~/lib/seo";
import { wishlistStore } from "~/wishlist/wishlist-store";
import { href, Link } from "react-router";

export const meta = () =>
  pageMeta({ title: "Account deleted", description: "Your account has been deleted.", noindex: true });

/** Where deleting an account ends: the bag and the wishlist this browser kept for her go too. */
export default function AccountDeleted() {
  useEffect(() => {
    cartStore.update(() => []);
    wishlistStore.update(() => []);
  }, []);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Account deleted</h1>
      <p className="mt-4 text-muted">{PRIVACY_MESSAGES.deleted}</p>
      <Link to={href("/")} className={`${BUTTON_PRIMARY} mt-8`}>
        Return to Home
      </Link>
    </section>
  );
}
