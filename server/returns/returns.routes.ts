import type { FastifyInstance } from "fastify";
import {
  approveReturnCall,
  receiveReturnCall,
  refuseReturnCall,
  requestReturnCall,
  returnRefundedCall,
} from "../../contract/returns";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import type { ReturnDecisions } from "./return-decisions";
import type { RequestReturn } from "./return-requests";

type Options = {
  calls: Calls;
  guard: SessionGuard;
  requestReturn: RequestReturn;
  decisions: ReturnDecisions;
};

/** Returns the law requires (decision 051): the shopper asks, staff answer, receive and refund. */
export async function returnsRoutes(
  app: FastifyInstance,
  { calls, guard, requestReturn, decisions }: Options,
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  calls.serve(app, requestReturnCall, {
    onRequest: [guard.requireUser],
    handler: async (body, { request }) => ({
      code: 200,
      message: "Return asked for: we reply within 48 hours.",
      data: await requestReturn(request.user!, body),
    }),
  });

  calls.serve(app, approveReturnCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ returnId }, { request }) => ({
      code: 200,
      message: "Return approved",
      data: await decisions.approve(returnId, request.user!.userId),
    }),
  });

  calls.serve(app, refuseReturnCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ returnId, reason }, { request }) => ({
      code: 200,
      message: "Return refused",
      data: await decisions.refuse(returnId, request.user!.userId, reason),
    }),
  });

  calls.serve(app, receiveReturnCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ returnId }, { request }) => ({
      code: 200,
      message: "Return received",
      data: await decisions.receive(returnId, request.user!.userId),
    }),
  });

  calls.serve(app, returnRefundedCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ returnId, reference }, { request }) => ({
      code: 200,
      message: "Refund recorded",
      data: await decisions.refunded(returnId, request.user!.userId, reference),
    }),
  });
}
