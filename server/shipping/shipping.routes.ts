import type { FastifyInstance } from "fastify";
import { checkDeliveryCall } from "../../contract/shipping";
import type { Calls } from "../lib/calls";
import type { DeliveryCheckService } from "./delivery-check";

/** "Check delivery" for anyone: a pincode's answer is the same for every shopper, kept a few minutes by browsers. */
export async function shippingRoutes(
  app: FastifyInstance,
  { calls, deliveryCheck }: { calls: Calls; deliveryCheck: DeliveryCheckService },
) {
  calls.serve(app, checkDeliveryCall, {
    handler: async ({ pincode }, { reply }) => {
      const data = await deliveryCheck.check(pincode);
      reply.header("cache-control", "public, max-age=300");
      return { code: 200, message: data.serviceable ? "Delivered" : "Not delivered", data };
    },
  });
}
