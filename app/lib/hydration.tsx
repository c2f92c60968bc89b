import { Suspense, useState, useSyncExternalStore, type ReactNode } from "react";

/*
 * Hydrating a whole page in one go is one long task on a phone, during which a tap waits. So parts of a
 * page that nobody uses in the first moment (the footer, the bag drawer, product cards, filters) are
 * wrapped in <HydrateLater>: the browser's first render leaves their server HTML as it is, and each then
 * hydrates in a task of its own, one after the other. Preact keeps the server's DOM of a component that
 * suspends while hydrating and hydrates it when the component resumes; a deferred part must therefore
 * render a single element.
 */

/** In the browser, true until hydrateRoot has returned: only parts of the first render wait their turn. */
let firstRender = typeof document !== "undefined";
/** True once every deferred part has hydrated too. */
let hydrated = false;
const hydratedListeners = new Set<() => void>();
let turns: Promise<void> = Promise.resolve();

/** Resolves in a later task: the browser may paint and answer a tap in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A place in the queue of deferred parts: resolved in a task of its own, after the parts before it. */
function takeTurn() {
  const turn = { done: false, promise: Promise.resolve() };
  turn.promise = turns = turns.then(nextTask).then(() => {
    turn.done = true;
  });
  return turn;
}

/** Called by entry.client.tsx once hydrateRoot has returned (it hydrates synchronously). */
export function firstRenderDone() {
  firstRender = false;
  void takeTurn().promise.then(() => {
    hydrated = true;
    // Visible to scripts and tests: from here on every button of the page works.
    document.documentElement.setAttribute("data-hydrated", "");
    for (const listener of hydratedListeners) listener();
  });
}

/** Whether the page, deferred parts included, has hydrated (always false on the server). */
export const isHydrated = () => hydrated;

/** Calls `listener` once the page has hydrated; returns the unsubscribe function. */
export function onHydrated(listener: () => void): () => void {
  hydratedListeners.add(listener);
  return () => hydratedListeners.delete(listener);
}

/**
 * False on the server and until the page has hydrated, then true: what depends on the browser (stored
 * values, buttons that need JavaScript) waits for it, so hydration matches the server's HTML. A component
 * first rendered after that (a later navigation) is interactive at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(onHydrated, isHydrated, () => false);
}

function WaitForTurn({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (firstRender ? takeTurn() : undefined));
  if (turn && !turn.done) throw turn.promise;
  return children;
}

/**
 * Hydrates its child (one element) in a later task of its own; see above. The server renders the child
 * alone: a Suspense boundary there would make React stream it apart and move it into place by script.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  if (typeof document === "undefined") return children;
  return (
    <Suspense>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}
