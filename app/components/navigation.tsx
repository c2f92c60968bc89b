import { useEffect, type AnchorHTMLAttributes, type FormHTMLAttributes } from "react";
import { useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";

/*
 * The store's links to its own pages, and its forms that lead to a page (search, filters). React Router's
 * <Link> and <Form> run about a dozen hooks each (resolving the path against the route, prefetching, their
 * own handlers). Hydrating one link cost about 0.4 ms, 1.5 ms on a phone, and the header's ten links, its
 * search form and the footer's twelve links were the longest tasks of a page load. Here they are plain <a>
 * and <form> elements with no hooks, marked as React Router marks its own (`data-discover`, which also
 * lets React Router learn the routes they lead to). One listener for the whole document, <InPageNavigation>
 * in the root, follows all of them in the page. See docs/decisions/024-browser-runtime.md.
 */

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of the store: "/products/12", "/products?category=1". */
  to: string;
};

/** A link to a page of the store, followed in the page once it has hydrated (natively before). */
export function Link({ to, ...props }: LinkProps) {
  return <a {...props} href={to} data-discover="true" />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on the path itself, not on the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
};

/** A link that knows whether it points to the current page (`aria-current="page"` then). */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(to.endsWith("/") ? to : `${to}/`));
  return (
    <Link
      {...props}
      to={to}
      className={className({ isActive })}
      aria-current={isActive ? "page" : undefined}
    />
  );
}

type GetFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action"> & {
  /** The page of the store the form leads to; its fields become that page's query. */
  action: string;
};

/** A form that opens a page of the store with its fields as the query (a search, filters). */
export function GetForm({ action, ...props }: GetFormProps) {
  return <form {...props} method="get" action={action} data-discover="true" />;
}

/** Whether a click on a store link is one the page should handle: the plain left click, nothing else. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** The store's own links and forms open in this tab, and lead to this origin. */
const opensHere = (element: HTMLAnchorElement | HTMLFormElement, origin: string) =>
  (!element.target || element.target === "_self") && origin === window.location.origin;

/** The router's navigate and the page shown now, kept up to date by <InPageNavigation> for stayOnShownPage. */
let shown: { navigate: NavigateFunction; location: Location } | null = null;

/**
 * Gives up the navigation under way and stays on the page shown, as it is: the router goes to the address it
 * shows (the same history entry, with its state) and runs no loader, so a list keeps the pages Load More added,
 * its scroll position and the keyboard's place. For a clientLoader whose request failed (the page's toast says
 * so); on the server, or before the page has hydrated, it does nothing.
 */
export function stayOnShownPage() {
  if (!shown) return;
  const { pathname, search, hash, state } = shown.location;
  void shown.navigate(
    { pathname, search, hash },
    { replace: true, state, preventScrollReset: true, defaultShouldRevalidate: false },
  );
}

/**
 * The one listener behind every <Link> and <GetForm>. A plain click on a store link, or a search or filter
 * form sent, opens the page with the router, as React Router's own links and forms do. To the address
 * already shown, it replaces the history entry instead of adding one. A click with a modifier key, on a
 * link with a target or a download, keeps the browser's behaviour.
 */
export function InPageNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    shown = { navigate, location };
  }, [navigate, location]);
  useEffect(() => {
    const open = (to: string) => {
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>("a[data-discover]");
      if (!link || link.hasAttribute("download") || !opensHere(link, link.origin)) return;
      event.preventDefault();
      open(link.pathname + link.search + link.hash);
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      if (!form.matches("form[data-discover]") || form.method !== "get") return;
      const url = new URL(form.action);
      if (!opensHere(form, url.origin)) return;
      event.preventDefault();
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(form))
        if (typeof value === "string") query.append(name, value);
      const search = query.toString();
      open(search ? `${url.pathname}?${search}` : url.pathname);
    };
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
    };
  }, [navigate]);
  return null;
}
