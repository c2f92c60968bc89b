import { Fragment, options, type VNode } from "preact";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/*
 * The browser build runs on Preact (docs/decisions/003-preact-in-the-browser.md). Two differences from
 * React matter when hydrating a whole document, and both are handled here, before hydration:
 *
 * 1. Preact hydrates `document` by rendering into <html>, so the root layout's own <html> element would
 *    be created a second time inside it. In the browser, <html> is rendered as a fragment: the layout's
 *    <head> and <body> then meet the server's. (The element and its attributes stay as the server sent them.)
 * 2. HydratedRouter first decodes the data the server streamed into the page, suspending until it is done.
 *    React waits for that at the root; Preact would not. So the decoding is started and awaited first: the
 *    first call throws the decoding promise before it uses any hook, and afterwards renders at once.
 */
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === "html") vnode.type = Fragment;
  previousVNodeHook?.(vnode);
};

async function routerStateDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

void routerStateDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(document, <HydratedRouter />);
  });
});
