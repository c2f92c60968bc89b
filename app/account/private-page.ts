import type { HeadersFunction, ShouldRevalidateFunction } from "react-router";

/** A page with someone's account in it is kept by no cache, shared or in the browser. */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * A guarded page stays as it is while a logout finishes (the root shows 'Logged Out' and goes home after
 * a second) instead of reloading and bouncing to /login on the way.
 */
export const keepThroughLogout: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/logout" ? false : defaultShouldRevalidate;
