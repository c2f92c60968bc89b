import type { ShouldRevalidateFunction } from "react-router";
import { href } from "react-router";

/**
 * A guarded page stays as it is while a logout finishes (the root shows 'Logged Out' and goes home after
 * a second) instead of reloading and bouncing to /login on the way.
 */
export const keepThroughLogout: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === href("/logout") ? false : defaultShouldRevalidate;

/**
 * The login and registration pages: after their form or the code dialog posts, the page finishes what it
 * started (a toast, then its own navigation) rather than being sent on by its loader as the new session would.
 */
export const finishOwnSubmissions: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;
