import { useEffect, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while the page hydrates, true from the render after it: what depends on the
 * browser (buttons that need JavaScript, stored values) waits for it, so hydration matches the server's
 * HTML. A component first rendered after that (a later navigation) gets true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Marks `<html data-hydrated>` once the page has hydrated: the banner starts scrolling then (app.css), and
 * the browser tests wait for it before they press a button on a page they have just opened.
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
}
