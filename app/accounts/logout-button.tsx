import { useEffect } from "react";
import { useFetcher, useNavigate, href } from "react-router";
import { cartStore } from "~/cart/cart-context";
import { toast } from "~/components/toast";
import { wishlistStore } from "~/wishlist/wishlist-store";

/** What /logout answers (routes/logout.tsx). */
export type LogoutAnswer = { ok: boolean; message: string };

/** Every logout button shares this fetcher, so the root can finish a logout whichever button started it. */
const LOGOUT = "logout";
const HOME_AFTER_MS = 1000;

export function LogoutButton({ className = "" }: { className?: string }) {
  const fetcher = useFetcher<LogoutAnswer>({ key: LOGOUT });
  return (
    <fetcher.Form method="post" action={href("/logout")}>
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        Logout
      </button>
    </fetcher.Form>
  );
}

/**
 * Rendered once in the root, which outlives the menu the button was in: after the server ends the
 * session, the bag and the wishlist are cleared (spec section 4), 'Logged Out' shows and the shopper
 * returns to / after one second.
 */
export function AfterLogout() {
  const fetcher = useFetcher<LogoutAnswer>({ key: LOGOUT });
  const navigate = useNavigate();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      toast("error", "Logout failed", result.message);
      return;
    }
    cartStore.update(() => []);
    wishlistStore.update(() => []);
    toast("success", "Logged Out");
    const timer = setTimeout(() => navigate(href("/")), HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);
  return null;
}
