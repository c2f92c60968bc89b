import type { FastifyInstance } from "fastify";
import {
  categoryParcelsCall,
  COURIER_MESSAGES,
  saveCategoryParcelCall,
} from "../../contract/courier-parcels";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { CategoryParcelsService } from "./category-parcels";

type Options = { calls: Calls; guard: SessionGuard; categoryParcels: CategoryParcelsService };

/** The owner's parcel per category (decision 050), on the settings page: the super admin's only, never cached. */
export async function categoryParcelsRoutes(
  app: FastifyInstance,
  { calls, guard, categoryParcels }: Options,
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  const onRequest = [guard.requireSuperAdmin];

  calls.serve(app, categoryParcelsCall, {
    onRequest,
    handler: async () => ({ code: 200, message: "Parcels by category", data: await categoryParcels.list() }),
  });

  calls.serve(app, saveCategoryParcelCall, {
    onRequest,
    handler: async ({ categoryId, parcel }, { request }) => ({
      code: 200,
      message: COURIER_MESSAGES.categoryParcelSaved,
      data: await categoryParcels.save(categoryId, parcel, `staff:${request.user!.userId}`),
    }),
  });
}
