import cluster from "node:cluster";
import type { SettingsPeers } from "./store-settings";

/** What a worker sends the primary when the settings changed, and the primary passes on to the other workers. */
export type SettingsChangedMessage = { type: "settings-changed" };

export function isSettingsChangedMessage(message: unknown): message is SettingsChangedMessage {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { type?: unknown }).type === "settings-changed"
  );
}

/**
 * A cluster worker's peers for the settings (server/processes.ts passes the message on, as it does the
 * catalog's, decision 031): each worker reads the settings again at once after another changed them.
 * Undefined in a process that is no cluster worker; separate stores see a change when their copy ends.
 */
export function clusterSettingsPeers(): SettingsPeers | undefined {
  if (!cluster.isWorker) return undefined;
  return {
    tell() {
      if (process.connected) process.send!({ type: "settings-changed" } satisfies SettingsChangedMessage);
    },
    onChange(forget) {
      const listener = (message: unknown) => {
        if (isSettingsChangedMessage(message)) forget();
      };
      process.on("message", listener);
      return () => process.off("message", listener);
    },
  };
}
