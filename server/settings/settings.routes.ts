import type { FastifyInstance } from "fastify";
import { sellerDetailsCall, storeSettingsCall, updateStoreSettingsCall } from "../../contract/store-settings";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { StoreSettingsService } from "./store-settings";

type Options = { calls: Calls; settings: StoreSettingsService; guard: SessionGuard };

/** The owner's settings page's calls (decision 042): the super admin's only, never cached; and the seller's details. */
export async function settingsRoutes(app: FastifyInstance, { calls, settings, guard }: Options) {
  // Public: the seller's details and grievance officer every page's footer shows (the pages that show them
  // are dropped from the page cache with a change, decision 042).
  calls.serve(app, sellerDetailsCall, {
    handler: async () => ({ code: 200, message: "Seller details", data: await settings.seller() }),
  });

  const onRequest = [guard.requireSuperAdmin];
  const withHistory = async () => ({ settings: await settings.forApi(), history: await settings.history() });

  calls.serve(app, storeSettingsCall, {
    onRequest,
    handler: async (_input, { reply }) => {
      reply.header("cache-control", "private, no-store");
      return { code: 200, message: "Settings fetched successfully", data: await withHistory() };
    },
  });

  calls.serve(app, updateStoreSettingsCall, {
    onRequest,
    handler: async (changes, { request, reply }) => {
      reply.header("cache-control", "private, no-store");
      const changed = await settings.update(request.user!.userId, changes);
      return {
        code: 200,
        message: changed === 0 ? "Nothing to change: the settings were already so" : "Settings saved",
        data: await withHistory(),
      };
    },
  });
}
