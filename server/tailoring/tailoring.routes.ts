import type { FastifyInstance } from "fastify";
import {
  deleteMeasurementsCall,
  savedMeasurementsCall,
  saveMeasurementsCall,
} from "../../contract/tailoring";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import type { SavedMeasurementsService } from "./saved-measurements";

/** A shopper's saved measurements (staff's tailoring calls are with the staff's order calls). */
export async function tailoringRoutes(
  app: FastifyInstance,
  {
    calls,
    savedMeasurements,
    guard,
  }: { calls: Calls; savedMeasurements: SavedMeasurementsService; guard: SessionGuard },
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });
  const onRequest = [guard.requireUser];

  calls.serve(app, savedMeasurementsCall, {
    onRequest,
    handler: async (_query, { request }) => ({
      code: 200,
      message: "Measurements fetched successfully",
      data: await savedMeasurements.list(request.user!.userId),
    }),
  });

  calls.serve(app, saveMeasurementsCall, {
    onRequest,
    handler: async (input, { request }) => ({
      code: 200,
      message: "Measurements saved.",
      data: await savedMeasurements.save(request.user!.userId, input),
    }),
  });

  calls.serve(app, deleteMeasurementsCall, {
    onRequest,
    handler: async ({ id }, { request }) => ({
      code: 200,
      message: "Measurements deleted.",
      data: await savedMeasurements.remove(request.user!.userId, id),
    }),
  });
}
