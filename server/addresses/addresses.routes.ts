import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addressesResponse,
  addressInput,
  addressResponse,
  updateAddressRequest,
} from "../../contract/addresses";
import type { AuthGuard } from "../auth/auth-guard";
import type { AddressesService } from "./addresses.service";

const PRIVATE = "private, no-store";

/** The checkout's address book: a signed-in shopper's own addresses. */
export async function addressesRoutes(
  server: FastifyInstance,
  { addresses, guard }: { addresses: AddressesService; guard: AuthGuard },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", guard.requireUser);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PRIVATE);
  });

  app.get(
    "/addresses/my-addresses",
    { schema: { tags: ["addresses"], response: { 200: addressesResponse } } },
    async (request) => ({
      code: 200,
      message: "Addresses fetched successfully",
      data: await addresses.list(request.user!.userId),
    }),
  );

  app.post(
    "/addresses/add-address",
    { schema: { tags: ["addresses"], body: addressInput, response: { 200: addressResponse } } },
    async (request) => ({
      code: 200,
      message: "Address saved",
      data: await addresses.add(request.user!.userId, request.body),
    }),
  );

  app.post(
    "/addresses/update-address",
    { schema: { tags: ["addresses"], body: updateAddressRequest, response: { 200: addressResponse } } },
    async (request) => {
      const { id, ...input } = request.body;
      return {
        code: 200,
        message: "Address saved",
        data: await addresses.update(request.user!.userId, id, input),
      };
    },
  );
}
