import type { FastifyInstance } from "fastify";
import { ROLE } from "../../contract/accounts-rules";
import {
  deleteAccountCall,
  myConsentsCall,
  myDataCall,
  PRIVACY_MESSAGES as M,
  requestAccountDeletionCall,
  setMarketingConsentCall,
} from "../../contract/privacy";
import { credentialsOf, type SessionCookie, type SessionGuard } from "../accounts/session-guard";
import type { CallRequest, Calls } from "../lib/calls";
import { forbidden } from "../lib/errors";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { HOUR_MS, rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import type { AccountErasure } from "./account-erasure";
import type { Consents } from "./consents";
import type { MyData } from "./my-data";

type Options = {
  calls: Calls;
  myData: MyData;
  consents: Consents;
  erasure: AccountErasure;
  guard: SessionGuard;
  cookie: SessionCookie;
  attempts: AttemptCounts;
};

/** Staff accounts are the owner's to remove (the super admin's page), not their own to delete. */
async function customersOnly(request: CallRequest) {
  if (request.user!.roleId !== ROLE.customer)
    throw forbidden("A staff account is removed by the store's owner, not deleted from the account page.");
}

/** A shopper's data rights (decision 045): her data as a file, her consents, deleting her account. */
export async function privacyRoutes(
  app: FastifyInstance,
  { calls, myData, consents, erasure, guard, cookie, attempts }: Options,
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });

  calls.serve(app, myDataCall, {
    onRequest: [guard.requireUser],
    handler: async (_input, { request, reply }) => {
      reply.header("content-disposition", `attachment; filename="my-data.json"`);
      return myData.file(request.user!.userId);
    },
  });

  calls.serve(app, myConsentsCall, {
    onRequest: [guard.requireUser],
    handler: async (_input, { request }) => ({
      code: 200,
      message: "Consents fetched",
      data: await consents.mine(request.user!.userId),
    }),
  });

  calls.serve(app, setMarketingConsentCall, {
    onRequest: [guard.requireUser],
    handler: async ({ given }, { request }) => ({
      code: 200,
      message: given ? M.consentGiven : M.consentWithdrawn,
      data: await consents.setMarketing(request.user!.userId, given),
    }),
  });

  // Each code is a mail: a few an hour per account, as registration's resends.
  const codeLimit = rateLimitCheck<undefined>(
    attempts,
    "delete-account-code",
    { max: 5, windowMs: HOUR_MS },
    { keyOf: (request) => String(request.user!.userId) },
  );
  calls.serve(app, requestAccountDeletionCall, {
    onRequest: [guard.requireUser],
    preHandler: [customersOnly, codeLimit],
    handler: async (_input, { request }) => ({
      code: 200,
      message: M.deletionCodeSent,
      data: await erasure.requestCode(request.user!),
    }),
  });

  calls.serve(app, deleteAccountCall, {
    onRequest: [guard.requireUser],
    preHandler: [customersOnly],
    handler: async ({ otp }, { request, reply }) => {
      await erasure.confirm(request.user!.userId, otp);
      if (credentialsOf(request, cookie)?.via === "cookie")
        reply.clearCookie(cookie.name, { path: "/", httpOnly: true, sameSite: "lax", secure: cookie.secure });
      return { code: 200, message: M.deleted, data: null };
    },
  });
}
