import type { FastifyInstance } from "fastify";
import {
  addAddressCall,
  ADDRESS_MESSAGES,
  districtIn,
  myAddressesCall,
  pincodeCall,
  updateAddressCall,
} from "../../contract/addresses";
import { HttpError } from "../lib/errors";
import { lookUpPincode } from "./pincode-directory";
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

  // Open data for anyone: the form fills city, district and state from the pincode.
  calls.serve(app, pincodeCall, {
    handler: async ({ pincode }) => {
      const place = lookUpPincode(pincode);
      if (!place) {
        const message = ADDRESS_MESSAGES.unknownPincode(pincode);
        throw new HttpError(404, message, { pincode: message });
      }
      const [first] = place.districts;
      return {
        code: 200,
        message: "Pincode found",
        data: {
          pincode,
          city: first!.district,
          district: districtIn(place, first!.state),
          state: first!.state,
          stateCode: first!.stateCode,
          districts: place.districts,
        },
      };
    },
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
