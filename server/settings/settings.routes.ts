import type { FastifyInstance } from "fastify";
import { storeSettingsCall, updateStoreSettingsCall } from "../../contract/store-settings";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { StoreSettingsService } from "./store-settings";

type Options = { calls: Calls; settings: StoreSettingsService; guard: SessionGuard };

/** The owner's settings page's calls (decision 042): the super admin's only, never cached. */
export async function settingsRoutes(app: FastifyInstance, { calls, settings, guard }: Options) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  const onRequest = [guard.requireSuperAdmin];
  const withHistory = async () => ({ settings: await settings.forApi(), history: await settings.history() });

  calls.serve(app, storeSettingsCall, {
    onRequest,
    handler: async () => ({ code: 200, message: "Settings fetched successfully", data: await withHistory() }),
  });

  calls.serve(app, updateStoreSettingsCall, {
    onRequest,
    handler: async (changes, { request }) => {
      const changed = await settings.update(request.user!.userId, changes);
      return {
        code: 200,
        message: changed === 0 ? "Nothing to change: the settings were already so" : "Settings saved",
        data: await withHistory(),
      };
    },
  });
}
