import { useEffect, useState } from "react";

/**
 * False on the server and in the browser's first render, true from the render right after hydration:
 * what depends on the browser (stored values, buttons that need JavaScript) waits for it, so hydration
 * matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // One extra render right after hydration is the point here.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
