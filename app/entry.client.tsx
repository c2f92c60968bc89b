import { Fragment, options, type VNode } from "preact";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { firstRenderDone, nextTask } from "./lib/hydration";

/*
 * The browser build runs on Preact (docs/decisions/003-preact-in-the-browser.md). Three differences from
 * React matter when hydrating a whole document; each is handled here, before hydration:
 *
 * 1. Preact hydrates `document` by rendering into <html>, so the root layout's own <html> element would
 *    be created a second time inside it. In the browser, <html> is rendered as a fragment: the layout's
 *    <head> and <body> then meet the server's. (The element and its attributes stay as the server sent them.)
 * 2. React 19 hoists the <link>s it renders in <body> into <head> on the server, so the server's <head>
 *    does not have the order the layout gives it, and Preact, which matches elements by tag in order,
 *    would drop the stylesheet. The <head> the server sent is therefore kept as it is: in the browser the
 *    layout's <head> is rendered with the server's markup, which Preact leaves alone.
 *    The title and meta tags of later pages are rendered into it after each client-side navigation by
 *    RouteMetaAfterNavigation in root.tsx.
 * 3. HydratedRouter first decodes the data the server streamed into the page, suspending until it is done.
 *    React waits for that at the root; Preact would not. So the decoding is started and awaited first: the
 *    first call throws the decoding promise before it uses any hook, and afterwards renders at once.
 *    The router is then created in a task of its own, and hydration starts in the next one, so that
 *    decoding, creating the router and the first render are three shorter tasks (on a phone each long
 *    task delays a tap; docs/decisions/012 and 014).
 */
const serverHead = { __html: document.head.innerHTML };
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === "html") vnode.type = Fragment;
  else if (vnode.type === "head")
    vnode.props = { children: null, dangerouslySetInnerHTML: serverHead } as VNode["props"];
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

/**
 * HydratedRouter creates React Router's router (once, kept for the first render) before it calls its
 * first hook; called outside a render, that hook throws, which is expected here. Should creating the
 * router fail, the first render tries again and shows the error.
 */
function createRouterAhead(): void {
  try {
    HydratedRouter({});
  } catch {
    // The first hook, outside a render.
  }
}

void routerStateDecoded()
  .then(nextTask)
  .then(createRouterAhead)
  .then(nextTask)
  .then(() => {
    startTransition(() => {
      hydrateRoot(document, <HydratedRouter />);
    });
    // Preact has hydrated the page but for the parts wrapped in <HydrateLater> (lib/hydration.tsx).
    firstRenderDone();
  });
