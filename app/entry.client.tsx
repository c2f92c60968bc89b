import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's own browser entry. Hydrating inside a transition lets React yield to the browser every few
// milliseconds, so a tap during hydration is answered (decision 023 replaces the hand-made scheduling).
startTransition(() => {
  hydrateRoot(document, <HydratedRouter />);
});
