import { createContext, useContext } from "react";

/**
 * The store's stylesheet (app/app.css, built by Tailwind), which the server writes into every page's
 * <head> instead of linking it: a linked stylesheet blocks the first paint for one more round trip, the
 * longest wait on a phone on slow 4G. entry.server.tsx provides the text; in the browser there is none, as
 * the <head> the server sent is kept (entry.client.tsx). See docs/decisions/010-page-speed.md.
 */
export const StylesheetContext = createContext<string | undefined>(undefined);

export function InlineStylesheet() {
  const css = useContext(StylesheetContext);
  return css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
