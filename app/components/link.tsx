import { useEffect, type AnchorHTMLAttributes } from "react";
import { useLocation, useNavigate } from "react-router";

/*
 * The store's links to its own pages. React Router's <Link> runs about a dozen hooks for each link (it
 * resolves the path against the route, sets up prefetching and its own click handler), which made each
 * link cost about 0.4 ms to hydrate, 1.5 ms on a phone: the header's ten links and the footer's twelve were
 * the two longest tasks of a page load. Here a link is a plain <a> with no hooks, marked as React Router
 * marks its own (`data-discover`, which also lets React Router learn the routes it points to), and one
 * click listener for the whole document, <LinkNavigation> in the root, navigates in the page for all of
 * them. See docs/decisions/014-plain-links.md.
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

/** Whether a click on a store link is one the page should handle: the plain left click, nothing else. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * The one click listener behind every <Link>: a plain click on a store link navigates in the page, as
 * React Router's own links do (to the same address, it replaces the history entry instead of adding one).
 * A click with a modifier key, on a link with a target or a download, keeps the browser's behaviour.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>("a[data-discover]");
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
