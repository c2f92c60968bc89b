import { href } from "react-router";

/**
 * How many lines the browser's bag holds, in a cookie sent only with /checkout. The bag itself lives in
 * local storage, which the server cannot read: with this count, checkout's server render keeps room for the
 * lines, or says at once that the bag is empty, so nothing on the page moves when the bag is read after
 * hydration. It holds a number and nothing else (the cookies policy lists it).
 */
export const BAG_LINES_COOKIE = "bag-lines";

/** The most lines the server keeps room for: a bag longer than this is rare, and the page grows as it loads. */
const MOST_LINES = 20;

/** Called in the browser whenever the bag changes. */
export function rememberBagLines(lines: number) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${BAG_LINES_COOKIE}=${lines}; Path=${href("/checkout")}; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The bag's line count a checkout request carries, or null when it carries none (cookies off, first visit). */
export function bagLinesOf(request: Request): number | null {
  const match = new RegExp(`(?:^|;\\s*)${BAG_LINES_COOKIE}=(\\d{1,4})(?:;|$)`).exec(
    request.headers.get("cookie") ?? "",
  );
  return match ? Math.min(Number(match[1]), MOST_LINES) : null;
}
