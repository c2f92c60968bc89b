import type { FastifyInstance } from "fastify";
import {
  acknowledgeGrievanceCall,
  answerGrievanceCall,
  confirmGrievanceCall,
  fileGrievanceCall,
  GRIEVANCE_MESSAGES as M,
  guestGrievanceCall,
  myGrievancesCall,
  resolveGrievanceCall,
  staffGrievanceCall,
  staffGrievancesCall,
} from "../../contract/grievances";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls, RequestCheck } from "../lib/calls";
import { tooManyRequests } from "../lib/errors";
import { mailboxOf } from "../lib/mailbox";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { HOUR_MS, rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import type { GrievanceAct, GrievanceDesk } from "./grievance-desk";
import type { GrievanceFiling } from "./grievance-filing";

type Options = {
  calls: Calls;
  filing: GrievanceFiling;
  desk: GrievanceDesk;
  guard: SessionGuard;
  attempts: AttemptCounts;
};

/** Complaints to the grievance officer (decision 044): filing and following them, and staff's desk. */
export async function grievancesRoutes(
  app: FastifyInstance,
  { calls, filing, desk, guard, attempts }: Options,
) {
  // Every answer here is someone's ticket: kept by no cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });
  const refusal = () => tooManyRequests(M.tooMany);
  const perAddress = rateLimitCheck(attempts, "grievances:ip", { max: 20, windowMs: HOUR_MS }, { refusal });
  // A guest's complaint mails a link: many of them must not flood one inbox, however it is spelt.
  const perEmail = rateLimitCheck<{ email?: string }>(
    attempts,
    "grievances:email",
    { max: 5, windowMs: HOUR_MS },
    { refusal, keyOf: (_request, input) => (input.email ? mailboxOf(input.email) : undefined) },
  );
  const byAddress: RequestCheck[] = [(request, reply) => perAddress(request, reply, undefined)];

  calls.serve(app, fileGrievanceCall, {
    onRequest: byAddress,
    preHandler: [perEmail],
    handler: async (input, { request }) => {
      const identified = await guard.identify(request);
      const shopper = identified
        ? { userId: identified.user.userId, email: identified.user.email, fullName: identified.user.fullName }
        : null;
      const filed = await filing.file(input, shopper);
      return {
        code: 200,
        message:
          filed.status === "unconfirmed"
            ? M.confirmSent(filed.ticketNumber, filed.email)
            : M.filed(filed.ticketNumber),
        data: filed,
      };
    },
  });

  calls.serve(app, confirmGrievanceCall, {
    onRequest: byAddress,
    handler: async ({ token }) => {
      const ticket = await filing.confirm(token);
      return { code: 200, message: M.confirmed(ticket.ticketNumber), data: ticket };
    },
  });

  calls.serve(app, guestGrievanceCall, {
    onRequest: byAddress,
    handler: async ({ token }) => ({ code: 200, message: "Ticket fetched", data: await filing.view(token) }),
  });

  calls.serve(app, myGrievancesCall, {
    onRequest: [guard.requireUser],
    handler: async (_input, { request }) => ({
      code: 200,
      message: "Tickets fetched",
      data: await filing.mine(request.user!.userId),
    }),
  });

  calls.serve(app, staffGrievancesCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ view, page }) => ({
      code: 200,
      message: "Tickets fetched",
      data: await desk.list(view, page),
    }),
  });

  calls.serve(app, staffGrievanceCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ ticket }) => ({ code: 200, message: "Ticket fetched", data: await desk.get(ticket) }),
  });

  const acts: [Omit<typeof acknowledgeGrievanceCall, "path"> & { path: string }, GrievanceAct, string][] = [
    [acknowledgeGrievanceCall, "acknowledged", M.acknowledged],
    [answerGrievanceCall, "answered", M.answered],
    [resolveGrievanceCall, "resolved", M.resolvedNow],
  ];
  for (const [call, kind, done] of acts)
    calls.serve(app, call, {
      onRequest: [guard.requireStaffWrite],
      handler: async ({ ticket, message }, { request }) => {
        const acted = await desk.act(kind, ticket, request.user!.userId, message);
        return {
          code: 200,
          message: acted.changed
            ? done
            : kind === "acknowledged"
              ? M.alreadyAcknowledged
              : "Nothing changed: this answer was already sent",
          data: { ticket: acted.ticket, now: acted.now },
        };
      },
    });
}
