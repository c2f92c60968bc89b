import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  forgotPasswordRequest,
  getMeResponse,
  listUsersQuery,
  listUsersResponse,
  loginRequest,
  registerRequest,
  registerResponse,
  resendOtpRequest,
  resendOtpResponse,
  resetPasswordRequest,
  sessionResponse,
  updateRoleRequest,
  updateRoleResponse,
  verifyOtpRequest,
} from "../../contract/users";
import { messageResponse } from "../../contract/envelope";
import { HttpError } from "../lib/errors";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { type AttemptCounts, limitFailures, limitPerIpAndAccount } from "../lib/rate-limits";
import type { AccountsService } from "./accounts.service";
import { type AuthGuard, bearerTokenOf, credentialsOf, type SessionCookie } from "./auth-guard";
import { AUTH_MESSAGES } from "./auth-messages";
import type { Passwords } from "./passwords";
import type { Registration } from "./registration";
import type { IssuedSession, Sessions } from "./sessions";

type Options = {
  registration: Registration;
  passwords: Passwords;
  sessions: Sessions;
  accounts: AccountsService;
  guard: AuthGuard;
  cookie: SessionCookie;
  attempts: AttemptCounts;
};

const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/** The answers that start a session: its token is also in the `authorization` header (startSession). */
const sessionStartedResponse = sessionResponse.meta({
  headers: { authorization: { type: "string", description: "`Bearer <token>`: the new session's token" } },
});

const HOUR = "1 hour";
const QUARTER = "15 minutes";

const isWrongPassword = (error: unknown) => error instanceof HttpError && error.statusCode === 401;

export async function authRoutes(
  server: FastifyInstance,
  { registration, passwords, sessions, accounts, guard, cookie, attempts }: Options,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // Answers about accounts are personal: never cached by a browser or a proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });

  function startSession(reply: FastifyReply, session: IssuedSession, message: string) {
    reply.setCookie(cookie.name, session.token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: cookie.secure,
      maxAge: session.maxAgeSeconds,
    });
    reply.header("authorization", `Bearer ${session.token}`);
    return { code: 200, message, data: session.user, token: session.token };
  }

  app.post(
    "/users/register",
    {
      schema: { tags: ["users"], body: registerRequest, response: { 200: registerResponse } },
      ...limitPerIpAndAccount(app, "register", {
        perIp: { max: 10, timeWindow: HOUR },
        perAccount: { max: 5, timeWindow: HOUR },
        account: bodyEmail,
      }),
    },
    async (request) => {
      const { token, ...data } = await registration.register(request.body);
      return { code: 200, message: "Check your email for the OTP code.", data, token };
    },
  );

  const verifyLimits = limitPerIpAndAccount(app, "verify-otp", {
    perIp: { max: 30, timeWindow: QUARTER },
    perAccount: { max: 10, timeWindow: QUARTER },
    account: (request) => bearerTokenOf(request) ?? bodyEmail(request),
  });
  // The spec's client was also seen calling verification without the /users prefix.
  for (const url of ["/users/register-verify-otp", "/register-verify-otp"])
    app.post(
      url,
      {
        schema: {
          tags: ["users"],
          ...(url === "/register-verify-otp"
            ? { description: "The same call as /users/register-verify-otp" }
            : {}),
          body: verifyOtpRequest,
          response: { 200: sessionStartedResponse },
        },
        ...verifyLimits,
      },
      async (request, reply) => {
        const session = await registration.verifyEmail({
          ...request.body,
          registrationToken: bearerTokenOf(request),
        });
        return startSession(reply, session, "Your account has been verified successfully!");
      },
    );

  app.post(
    "/users/resend-otp",
    {
      schema: { tags: ["users"], body: resendOtpRequest, response: { 200: resendOtpResponse } },
      ...limitPerIpAndAccount(app, "resend-otp", {
        perIp: { max: 10, timeWindow: HOUR },
        perAccount: { max: 5, timeWindow: HOUR },
        account: (request) => bearerTokenOf(request) ?? bodyEmail(request),
      }),
    },
    async (request) => {
      const data = await registration.resendCode({
        ...request.body,
        registrationToken: bearerTokenOf(request),
      });
      return { code: 200, message: AUTH_MESSAGES.resendSent, data };
    },
  );

  // Wrong passwords are limited per account and address, and per address; successful logins never count,
  // and nobody can lock an account's owner out (see limitFailures).
  const limitLoginFailures = limitFailures(
    attempts,
    "login",
    { perAccountAndIp: 10, perIp: 30, windowMs: 15 * 60_000 },
    isWrongPassword,
  );
  app.post(
    "/users/login",
    { schema: { tags: ["users"], body: loginRequest, response: { 200: sessionStartedResponse } } },
    async (request, reply) => {
      const session = await limitLoginFailures(request, reply, request.body.email, () =>
        passwords.login(request.body),
      );
      return startSession(reply, session, `Welcome back, ${session.user.fullName}!`);
    },
  );

  app.post(
    "/users/logout",
    { schema: { tags: ["users"], response: { 200: messageResponse } } },
    async (request, reply) => {
      const identified = await guard.identify(request);
      if (identified) await sessions.logout(identified.user.sessionId);
      if (credentialsOf(request, cookie)?.via === "cookie")
        reply.clearCookie(cookie.name, { path: "/", httpOnly: true, sameSite: "lax", secure: cookie.secure });
      return { code: 200, message: "Logged out", data: null };
    },
  );

  app.post(
    "/users/forgot-password",
    {
      schema: { tags: ["users"], body: forgotPasswordRequest, response: { 200: messageResponse } },
      ...limitPerIpAndAccount(app, "forgot-password", {
        perIp: { max: 10, timeWindow: HOUR },
        perAccount: { max: 3, timeWindow: HOUR },
        account: bodyEmail,
      }),
    },
    async (request) => {
      passwords.queuePasswordReset(request.body.email, (error) =>
        request.log.error({ err: error }, "a password reset failed"),
      );
      return { code: 200, message: AUTH_MESSAGES.resetLinkSent, data: null };
    },
  );

  app.post(
    "/users/reset-password",
    {
      schema: { tags: ["users"], body: resetPasswordRequest, response: { 200: messageResponse } },
      ...limitPerIpAndAccount(app, "reset-password", {
        perIp: { max: 10, timeWindow: HOUR },
        perAccount: { max: 5, timeWindow: HOUR },
        account: (request) => (request.body as { token?: string } | undefined)?.token,
      }),
    },
    async (request) => {
      await passwords.resetPassword(request.body);
      return {
        code: 200,
        message: "Your password has been changed. Please log in with your new password.",
        data: null,
      };
    },
  );

  app.get(
    "/users/get-me",
    { schema: { tags: ["users"], response: { 200: getMeResponse } }, onRequest: guard.requireUser },
    async (request) => {
      const profile = await accounts.getProfile(request.user!.userId);
      return { code: 200, message: "User fetched successfully", data: [profile] };
    },
  );

  app.get(
    "/users/get-users",
    {
      schema: { tags: ["users"], querystring: listUsersQuery, response: { 200: listUsersResponse } },
      onRequest: guard.requireSuperAdmin,
    },
    async (request) => {
      const { users, total } = await accounts.listUsers(request.query);
      return {
        code: 200,
        message: "Users fetched successfully",
        data: users,
        pagination: { page: request.query.page, limit: request.query.limit, total },
      };
    },
  );

  app.post(
    "/users/update-role",
    {
      schema: { tags: ["users"], body: updateRoleRequest, response: { 200: updateRoleResponse } },
      onRequest: guard.requireSuperAdmin,
    },
    async (request) => {
      const user = await accounts.setRole(request.body.userId, request.body.roleId);
      return {
        code: 200,
        message:
          user.roleId === 2 ? `${user.fullName} is now an admin.` : `${user.fullName} is now a customer.`,
        data: user,
      };
    },
  );
}
