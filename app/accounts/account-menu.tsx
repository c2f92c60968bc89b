import type { MouseEvent } from "react";
import { ROLE } from "#contract/accounts-rules";
import { UserIcon } from "~/components/icons";
import type { SignedInUser } from "./signed-in-user";
import { homeFor } from "./home-for";
import { LogoutButton } from "./logout-button";
import { href, Link } from "react-router";

const closeMenu = (event: MouseEvent<HTMLElement>) =>
  event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();

/** The menu closes when the keyboard's focus leaves it (Escape and a click outside close it already). */
function closeWhenFocusLeaves(menu: HTMLDivElement | null) {
  menu?.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !menu.contains(next) && menu.matches(":popover-open")) menu.hidePopover();
  });
}

/** The staff's own pages, first in their menu. */
const STAFF_LINKS = (dashboard: string) => [
  { to: dashboard, label: "Dashboard" },
  { to: href("/admin/products"), label: "Products" },
  { to: href("/admin/received-orders"), label: "Received Orders" },
];

const ITEM_CLASS = "block w-full rounded-lg px-3 py-2 text-left hover:bg-brand-50 hover:text-brand-700";

/**
 * The header's account entry (spec "Navigation"): a Login link for guests; for a signed-in user, their
 * name opening My Profile, Orders, Wishlist and Logout (for staff, their Dashboard, Products and Received
 * Orders first). The native popover closes on Escape and on a click
 * outside, with no script of ours.
 */
export function AccountMenu({ user }: { user: SignedInUser | null }) {
  if (!user)
    return (
      <Link to={href("/login")} className="flex min-h-6 items-center gap-1 text-sm hover:text-brand-700">
        <UserIcon />
        <span className="hidden sm:inline">Login</span>
        <span className="sr-only sm:hidden">Login</span>
      </Link>
    );
  const firstName = user.fullName.split(" ")[0];
  return (
    <>
      <button
        type="button"
        popoverTarget="account-menu"
        className="flex min-h-6 items-center gap-1 text-sm hover:text-brand-700"
      >
        <UserIcon />
        {/* The first name shows whole (a full name would be cut off); the button is named by the full name. */}
        <span aria-hidden="true" className="hidden sm:inline">
          {firstName}
        </span>
        <span className="sr-only">{user.fullName}</span>
      </button>
      <div
        id="account-menu"
        ref={closeWhenFocusLeaves}
        popover="auto"
        className="inset-auto top-16 right-4 m-0 w-56 rounded-xl bg-white p-2 text-sm shadow-lg ring-1 ring-brand-100"
      >
        <p className="truncate px-3 pt-1 pb-2 text-muted">Namaste, {firstName}</p>
        <ul>
          {user.roleId !== ROLE.customer &&
            STAFF_LINKS(homeFor(user.roleId)).map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={closeMenu} className={ITEM_CLASS}>
                  {link.label}
                </Link>
              </li>
            ))}
          <li>
            <Link to={href("/profile")} onClick={closeMenu} className={ITEM_CLASS}>
              My Profile
            </Link>
          </li>
          <li>
            <Link to={href("/orders")} onClick={closeMenu} className={ITEM_CLASS}>
              Orders
            </Link>
          </li>
          <li>
            <Link to={href("/wishlist")} onClick={closeMenu} className={ITEM_CLASS}>
              Wishlist
            </Link>
          </li>
          <li className="mt-1 border-t border-brand-100 pt-1">
            <LogoutButton className={ITEM_CLASS} />
          </li>
        </ul>
      </div>
    </>
  );
}
