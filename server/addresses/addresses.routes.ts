import type { FastifyInstance } from "fastify";
import { addAddressCall, myAddressesCall, updateAddressCall } from "../../contract/addresses";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { AddressesService } from "./addresses.service";

const PRIVATE = "private, no-store";

/** The checkout's address book: a signed-in shopper's own addresses. */
export async function addressesRoutes(
  app: FastifyInstance,
  { calls, addresses, guard }: { calls: Calls; addresses: AddressesService; guard: SessionGuard },
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PRIVATE);
  });
  const onRequest = [guard.requireUser];

  calls.serve(app, myAddressesCall, {
    onRequest,
    handler: async (_input, { request }) => ({
      code: 200,
      message: "Addresses fetched successfully",
      data: await addresses.list(request.user!.userId),
    }),
  });

  calls.serve(app, addAddressCall, {
    onRequest,
    handler: async (address, { request }) => ({
      code: 200,
      message: "Address saved",
      data: await addresses.add(request.user!.userId, address),
    }),
  });

  calls.serve(app, updateAddressCall, {
    onRequest,
    handler: async ({ id, ...input }, { request }) => ({
      code: 200,
      message: "Address saved",
      data: await addresses.update(request.user!.userId, id, input),
    }),
  });
}
