import type { FastifyInstance } from "fastify";
import {
  forgotPasswordCall,
  checkResetLinkCall,
  getMeCall,
  getUsersCall,
  loginCall,
  logoutCall,
  registerCall,
  resendOtpCall,
  resetPasswordCall,
  updateRoleCall,
  verifyOtpCall,
} from "../../contract/accounts";
import type { CallReply, CallRequest } from "../lib/calls";
import type { Calls } from "../lib/calls";
import { HttpError } from "../lib/errors";
import { mailboxOf } from "../lib/mailbox";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import {
  type AttemptCounts,
  HOUR_MS,
  limitFailures,
  limitPerIpAndAccount,
  rateLimitCheck,
} from "../lib/rate-limits";
import type { AccountsService } from "./accounts.service";
import { type SessionGuard, bearerTokenOf, credentialsOf, type SessionCookie } from "./session-guard";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";
import type { Passwords } from "./passwords";
import type { Registration } from "./registration";
import type { IssuedSession, Sessions } from "./sessions";
import { sessionAnswer } from "./session-reply";

type Options = {
  calls: Calls;
  registration: Registration;
  passwords: Passwords;
  sessions: Sessions;
  accounts: AccountsService;
  guard: SessionGuard;
  cookie: SessionCookie;
  attempts: AttemptCounts;
};

const QUARTER_MS = 15 * 60_000;

/**
 * The account a call names: its registration token (Bearer), else the inbox of its body's e-mail. Limits of
 * calls that mail the address count per inbox (lib/mailbox.ts), so that plus-addresses share one count.
 */
const tokenOrMailbox = (request: CallRequest, input: { email?: string | undefined }) =>
  bearerTokenOf(request) ?? (input.email ? mailboxOf(input.email) : undefined);
const mailboxOfInput = (_request: CallRequest, input: { email: string }) => mailboxOf(input.email);

const isWrongPassword = (error: unknown) => error instanceof HttpError && error.statusCode === 401;

export async function accountsRoutes(
  app: FastifyInstance,
  { calls, registration, passwords, sessions, accounts, guard, cookie, attempts }: Options,
) {
  // Answers about accounts are personal: never cached by a browser or a proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });

  const startSession = (reply: CallReply, session: IssuedSession, message: string) =>
    sessionAnswer(reply, cookie, session, message);

  const registerLimits = limitPerIpAndAccount(attempts, "register", {
    perIp: { max: 10, windowMs: HOUR_MS },
    perAccount: { max: 5, windowMs: HOUR_MS },
    account: mailboxOfInput,
  });
  calls.serve(app, registerCall, {
    onRequest: [registerLimits.onRequest],
    preHandler: [registerLimits.preHandler],
    handler: async (form) => {
      const { token, ...data } = await registration.register(form);
      return { code: 200, message: "Check your email for the OTP code.", data, token };
    },
  });

  const verifyLimits = limitPerIpAndAccount(attempts, "verify-otp", {
    perIp: { max: 30, windowMs: QUARTER_MS },
    perAccount: { max: 10, windowMs: QUARTER_MS },
    account: tokenOrMailbox,
  });
  // The spec's client was also seen calling verification without the /users prefix.
  calls.serve(app, verifyOtpCall, {
    alsoAt: [{ path: "/register-verify-otp", description: "The same call as /users/register-verify-otp" }],
    onRequest: [verifyLimits.onRequest],
    preHandler: [verifyLimits.preHandler],
    handler: async (code, { request, reply }) => {
      const session = await registration.verifyEmail({ ...code, registrationToken: bearerTokenOf(request) });
      return startSession(reply, session, "Your account has been verified successfully!");
    },
  });

  const resendLimits = limitPerIpAndAccount(attempts, "resend-otp", {
    perIp: { max: 10, windowMs: HOUR_MS },
    perAccount: { max: 5, windowMs: HOUR_MS },
    account: tokenOrMailbox,
  });
  calls.serve(app, resendOtpCall, {
    onRequest: [resendLimits.onRequest],
    preHandler: [resendLimits.preHandler],
    handler: async (body, { request }) => {
      const data = await registration.resendCode({ ...body, registrationToken: bearerTokenOf(request) });
      return { code: 200, message: ACCOUNTS_MESSAGES.resendSent, data };
    },
  });

  // Wrong passwords are limited per account and address, and per address; successful logins never count,
  // and nobody can lock an account's owner out (see limitFailures).
  const limitLoginFailures = limitFailures(
    attempts,
    "login",
    { perAccountAndIp: 10, perIp: 30, windowMs: QUARTER_MS },
    isWrongPassword,
  );
  calls.serve(app, loginCall, {
    handler: async (credentials, { request, reply }) => {
      const session = await limitLoginFailures(request, reply, credentials.email, () =>
        passwords.login(credentials),
      );
      return startSession(reply, session, `Welcome back, ${session.user.fullName}!`);
    },
  });

  calls.serve(app, logoutCall, {
    handler: async (_input, { request, reply }) => {
      const identified = await guard.identify(request);
      if (identified) await sessions.logout(identified.user.sessionId);
      if (credentialsOf(request, cookie)?.via === "cookie")
        reply.clearCookie(cookie.name, { path: "/", httpOnly: true, sameSite: "lax", secure: cookie.secure });
      return { code: 200, message: "Logged out", data: null };
    },
  });

  const forgotLimits = limitPerIpAndAccount(attempts, "forgot-password", {
    perIp: { max: 10, windowMs: HOUR_MS },
    perAccount: { max: 3, windowMs: HOUR_MS },
    account: mailboxOfInput,
  });
  calls.serve(app, forgotPasswordCall, {
    onRequest: [forgotLimits.onRequest],
    preHandler: [forgotLimits.preHandler],
    handler: async ({ email }, { request }) => {
      passwords.queuePasswordReset(email, (error) =>
        request.log.error({ err: error }, "a password reset failed"),
      );
      return { code: 200, message: ACCOUNTS_MESSAGES.resetLinkSent, data: null };
    },
  });

  const resetLimits = limitPerIpAndAccount(attempts, "reset-password", {
    perIp: { max: 10, windowMs: HOUR_MS },
    perAccount: { max: 5, windowMs: HOUR_MS },
    account: (_request, input: { token: string }) => input.token,
  });
  calls.serve(app, resetPasswordCall, {
    onRequest: [resetLimits.onRequest],
    preHandler: [resetLimits.preHandler],
    handler: async (reset) => {
      await passwords.resetPassword(reset);
      return {
        code: 200,
        message: "Your password has been changed. Please log in with your new password.",
        data: null,
      };
    },
  });

  // Opening a reset link asks first, so that a used or expired link never shows the form; the check counts
  // per address only (a link's own five tries are for setting a password).
  const checkLinkLimit = rateLimitCheck(attempts, "check-reset-link:ip", { max: 30, windowMs: QUARTER_MS });
  calls.serve(app, checkResetLinkCall, {
    onRequest: [(request, reply) => checkLinkLimit(request, reply, undefined)],
    handler: async ({ token }) => {
      await passwords.checkResetLink(token);
      return { code: 200, message: "This reset link can be used.", data: null };
    },
  });

  calls.serve(app, getMeCall, {
    onRequest: [guard.requireUser],
    handler: async (_input, { request }) => {
      const profile = await accounts.getProfile(request.user!.userId);
      return { code: 200, message: "User fetched successfully", data: [profile] };
    },
  });

  calls.serve(app, getUsersCall, {
    onRequest: [guard.requireSuperAdmin],
    handler: async (query) => {
      const { users, total } = await accounts.listUsers(query);
      return {
        code: 200,
        message: "Users fetched successfully",
        data: users,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
  });

  calls.serve(app, updateRoleCall, {
    onRequest: [guard.requireSuperAdmin],
    handler: async ({ userId, roleId }) => {
      const user = await accounts.setRole(userId, roleId);
      return {
        code: 200,
        message:
          user.roleId === 2 ? `${user.fullName} is now an admin.` : `${user.fullName} is now a customer.`,
        data: user,
      };
    },
  });
}
