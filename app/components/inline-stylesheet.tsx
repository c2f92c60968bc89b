import { createContext, useContext } from "react";

const STYLESHEET_ID = "store-stylesheet";

/**
 * The store's stylesheet (app/app.css, built by Tailwind), which the server writes into every page's
 * <head> instead of linking it: a linked stylesheet blocks the first paint for one more round trip, the
 * longest wait on a phone on slow 4G. entry.server.tsx provides the text. The browser build has no CSS:
 * there the element is rendered again with the text the server sent, so hydration keeps it as it is.
 */
export const StylesheetContext = createContext<string | undefined>(undefined);

const sentByServer =
  typeof document === "undefined"
    ? undefined
    : (document.getElementById(STYLESHEET_ID)?.textContent ?? undefined);

export function InlineStylesheet() {
  const css = useContext(StylesheetContext) ?? sentByServer;
  return css ? <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
