import { useEffect, type MouseEvent as ReactMouseEvent } from "react";
import { useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";

/*
 * What the store's pages add to React Router's <Link>, <NavLink> and <Form> (used as they are): a link that shows
 * something else of the same page in place, and a way for a page whose data failed to come to keep the page
 * shown. See docs/decisions/052-the-router-as-designed.md.
 */

/**
 * The click handler of a link to the same page showing something else in it (a product's picture or tab,
 * ?image= and ?tab=): without scripts, or before the page has hydrated, the link opens that page; after, a
 * plain click shows it in place (`show`), and any other click is the browser's (a new tab, say).
 */
export function showInPlace(show: () => void) {
  return (event: ReactMouseEvent) => {
    if (!isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    show();
  };
}

/** Whether a click is one the page should handle: the plain left click, nothing else. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** The router's navigate and the page shown now, kept up to date by <ShownPage> for stayOnShownPage. */
let shown: { navigate: NavigateFunction; location: Location } | null = null;

/**
 * Gives up the navigation under way and stays on the page shown, as it is: the router goes to the address it
 * shows (the same history entry, with its state) and runs no loader, so a list keeps the pages Load More added,
 * its scroll position and the keyboard's place. For a clientLoader whose request failed (the page's toast says
 * so): a loader cannot cancel the navigation it runs for, and a new navigation interrupts it. On the server, or
 * before the page has hydrated, it does nothing.
 */
export function stayOnShownPage() {
  if (!shown) return;
  const { pathname, search, hash, state } = shown.location;
  void shown.navigate(
    { pathname, search, hash },
    { replace: true, state, preventScrollReset: true, defaultShouldRevalidate: false },
  );
}

/** Keeps the page shown and the router's navigate for stayOnShownPage; in the root, once. */
export function ShownPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    shown = { navigate, location };
  }, [navigate, location]);
  return null;
}
