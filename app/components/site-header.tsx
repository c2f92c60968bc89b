import { useCart } from "~/cart/cart-context";
import { itemCount } from "~/cart/cart-lines";
import { useWishlist } from "~/wishlist/wishlist-store";
import { STORE } from "#contract/store";
import { AccountMenu } from "~/accounts/account-menu";
import type { SignedInUser } from "~/accounts/signed-in-user";
import { SearchField } from "~/catalog/search-field";
import { useLocation, href, Form, Link, NavLink } from "react-router";
import { BagIcon, HeartIcon, SearchIcon } from "./icons";
import { openerProps } from "./modal-dialog";
import { plural } from "~/lib/plural";

const NAV_LINKS = [
  { to: href("/"), label: "Home" },
  { to: href("/products"), label: "Shop" },
  { to: href("/about"), label: "About" },
  { to: href("/contact"), label: "Contact" },
];

function CountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="absolute -top-1.5 -right-2 min-w-5 rounded-full bg-brand-600 px-1 text-center text-[11px] leading-5 font-semibold text-white">
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The main links; the header shows them in a row beside the name on wide screens, below it on phones. */
function MainNav({
  className,
  listClassName,
  linkClassName,
}: {
  className: string;
  listClassName: string;
  linkClassName: (isActive: boolean) => string;
}) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className={listClassName}>
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === "/"} className={({ isActive }) => linkClassName(isActive)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The note the bag button shows before the page's scripts run or without them. */
const BAG_NOTE = "bag-needs-javascript";

/**
 * The bag lives in the browser's storage and opens with the page's scripts: before they have run, or with
 * JavaScript turned off, the bag button shows this note (a popover, no script needed) instead of nothing.
 */
function BagNeedsScripts() {
  return (
    <div
      id={BAG_NOTE}
      popover="auto"
      role="dialog"
      aria-labelledby={`${BAG_NOTE}-title`}
      className="m-auto w-[min(92vw,400px)] rounded-lg bg-white p-5 shadow-lg backdrop:bg-ink/45"
    >
      <h2 id={`${BAG_NOTE}-title`} className="text-xl font-semibold">
        Your Bag
      </h2>
      <p className="mt-3">
        Your bag is kept in this browser and opens with the page&apos;s JavaScript. If JavaScript is turned
        off, turn it on to see your bag and check out.
      </p>
      <button
        type="button"
        popoverTarget={BAG_NOTE}
        popoverTargetAction="hide"
        className="mt-4 rounded-full bg-brand-600 px-6 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Close
      </button>
    </div>
  );
}

/** The phone's search, which opens under the header as a popover: before the page's scripts run too. */
const SEARCH_POPOVER = "header-search";

/**
 * The shop's search on a phone: a button in the header that opens a search box across the top of the
 * screen, which takes the keyboard once open.
 */
function PhoneSearch() {
  return (
    <>
      <button
        type="button"
        popoverTarget={SEARCH_POPOVER}
        className="text-ink hover:text-brand-700 lg:hidden"
        aria-label="Search products"
        aria-haspopup="dialog"
      >
        <SearchIcon />
      </button>
      <div
        id={SEARCH_POPOVER}
        popover="auto"
        role="dialog"
        aria-label="Search the shop"
        className="inset-x-0 top-0 m-0 w-full max-w-none bg-white p-3 shadow-lg backdrop:bg-ink/30"
        onToggle={(event) => {
          if (event.newState === "open") event.currentTarget.querySelector("input")?.focus();
        }}
      >
        <Form method="get" action={href("/products")} role="search" className="flex gap-2">
          <SearchField
            className="flex-1 px-4 py-2"
            inputClassName="w-full"
            placeholder="Search sarees, lehengas…"
          />
          <button
            type="submit"
            className="rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
          >
            Search
          </button>
        </Form>
      </div>
    </>
  );
}

export function SiteHeader({ user }: { user: SignedInUser | null }) {
  // The product list has a search box of its own, which keeps its filters: the header's would be a second.
  const onProductList = useLocation().pathname === href("/products");
  const cart = useCart();
  const wishlist = useWishlist();
  const bagCount = itemCount(cart.items);

  return (
    <header className="sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link to={href("/")} className="font-serif text-xl font-bold text-brand-700 sm:text-2xl">
          {STORE.name}
        </Link>
        <MainNav
          className="ml-6 hidden md:block"
          listClassName="flex gap-6 text-[15px]"
          linkClassName={(isActive) =>
            isActive ? "font-semibold text-brand-700 underline underline-offset-8" : "hover:text-brand-700"
          }
        />
        {onProductList ? null : (
          <Form method="get" action={href("/products")} role="search" className="ml-auto hidden lg:block">
            <SearchField
              className="px-3 py-1.5"
              inputClassName="w-56 text-sm"
              placeholder="Search sarees, lehengas…"
            />
          </Form>
        )}
        <div className="ml-auto flex items-center gap-5 lg:ml-4">
          {onProductList ? null : <PhoneSearch />}
          <Link
            to={href("/wishlist")}
            className="relative text-ink hover:text-brand-700"
            aria-label={`Wishlist, ${plural(wishlist.items.length, "item")}`}
          >
            <HeartIcon />
            <CountBadge count={wishlist.items.length} />
          </Link>
          <button
            type="button"
            {...openerProps(BAG_NOTE, cart.open)}
            className="relative text-ink hover:text-brand-700"
            aria-label={`Bag, ${plural(bagCount, "item")}`}
            aria-haspopup="dialog"
          >
            <BagIcon />
            <CountBadge count={bagCount} />
          </button>
          <BagNeedsScripts />
          <AccountMenu user={user} />
        </div>
      </div>
      <MainNav
        className="border-t border-brand-100 md:hidden"
        listClassName="flex justify-around py-1 text-sm"
        linkClassName={(isActive) =>
          `inline-block px-2 py-1 ${isActive ? "font-semibold text-brand-700" : ""}`
        }
      />
    </header>
  );
}
