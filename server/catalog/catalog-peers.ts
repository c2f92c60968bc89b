import cluster from "node:cluster";
import type { CatalogChange } from "./catalog-changes";

/**
 * The store's other processes, as the catalog sees them: each change made in this process is told to them
 * (`tell`), and each one they make is heard here (`onChange`), so that every process forgets at once what it
 * kept of what changed (docs/decisions/031-a-store-process-per-core.md).
 */
export type CatalogPeers = {
  tell: (change: CatalogChange) => void;
  /** Calls `forget` with each change another process made; returns a function that stops listening. */
  onChange: (forget: (change: CatalogChange) => void) => () => void;
};

/** What a worker sends the primary when the catalog changed, and the primary passes on to the other workers. */
export type CatalogChangedMessage = { type: "catalog-changed"; change: CatalogChange };

export function isCatalogChangedMessage(message: unknown): message is CatalogChangedMessage {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { type?: unknown }).type === "catalog-changed"
  );
}

/**
 * A cluster worker's peers (server/processes.ts), over its IPC channel to the primary, which passes each
 * change on to the other workers; undefined in a process that is no cluster worker.
 */
export function clusterCatalogPeers(): CatalogPeers | undefined {
  if (!cluster.isWorker) return undefined;
  return {
    tell(change) {
      // The channel closes only when the primary has gone, and with it the other workers.
      if (process.connected)
        process.send!({ type: "catalog-changed", change } satisfies CatalogChangedMessage);
    },
    onChange(forget) {
      const listener = (message: unknown) => {
        if (isCatalogChangedMessage(message)) forget(message.change);
      };
      process.on("message", listener);
      return () => process.off("message", listener);
    },
  };
}
