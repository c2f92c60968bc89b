import type { FastifyInstance } from "fastify";
import {
  requestPhoneVerificationCall,
  requestWhatsAppLoginCodeCall,
  verifyPhoneCall,
  WHATSAPP_MESSAGES,
  whatsAppLoginCall,
} from "../../contract/whatsapp";
import { waitMessage } from "../accounts/one-time-codes";
import type { SessionCookie, SessionGuard } from "../accounts/session-guard";
import { sessionAnswer } from "../accounts/session-reply";
import type { CallReply, CallRequest, Calls } from "../lib/calls";
import { tooManyRequests } from "../lib/errors";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { HOUR_MS, limitPerIpAndAccount, rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import type { WhatsAppAccountService } from "./whatsapp-account";
import type { WhatsAppSignIn } from "./whatsapp-sign-in";

type Options = {
  calls: Calls;
  guard: SessionGuard;
  cookie: SessionCookie;
  attempts: AttemptCounts;
  signIn: WhatsAppSignIn;
  account: WhatsAppAccountService;
};

const QUARTER_MS = 15 * 60_000;
const byNumber = (_request: CallRequest, input: { phone: string }) => `phone:${input.phone}`;
const byAccount = (request: CallRequest) => (request.user ? `user:${request.user.userId}` : undefined);

/**
 * Signing in with a WhatsApp code and verifying the number it goes to (decision 053), limited as the e-mailed
 * codes are (accounts.routes.ts): per address and per number or account, a new code no sooner than 60 s after
 * the last (counted per number, so that the answer is the same whether the number has an account).
 */
export async function whatsAppSignInRoutes(
  app: FastifyInstance,
  { calls, guard, cookie, attempts, signIn, account }: Options,
) {
  const personal = async (_request: CallRequest, reply: CallReply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  };

  const requestLimits = limitPerIpAndAccount(attempts, "whatsapp-login-code", {
    perIp: { max: 10, windowMs: HOUR_MS },
    perAccount: { max: 5, windowMs: HOUR_MS },
    account: byNumber,
  });
  const cooldown = rateLimitCheck(
    attempts,
    "whatsapp-login-code:cooldown",
    { max: 1, windowMs: signIn.resendAfterSeconds * 1000 },
    { keyOf: byNumber, refusal: (seconds) => tooManyRequests(waitMessage(seconds)) },
  );
  calls.serve(app, requestWhatsAppLoginCodeCall, {
    onRequest: [personal, requestLimits.onRequest],
    preHandler: [requestLimits.preHandler, cooldown],
    handler: async ({ phone }) => {
      await signIn.requestLoginCode(phone);
      return {
        code: 200,
        message: WHATSAPP_MESSAGES.codeSent,
        data: { resendAvailableInSeconds: signIn.resendAfterSeconds },
      };
    },
  });

  const loginLimits = limitPerIpAndAccount(attempts, "whatsapp-login", {
    perIp: { max: 30, windowMs: QUARTER_MS },
    perAccount: { max: 10, windowMs: QUARTER_MS },
    account: byNumber,
  });
  calls.serve(app, whatsAppLoginCall, {
    onRequest: [personal, loginLimits.onRequest],
    preHandler: [loginLimits.preHandler],
    handler: async ({ phone, otp }, { reply }) => {
      const session = await signIn.login(phone, otp);
      return sessionAnswer(reply, cookie, session, WHATSAPP_MESSAGES.signedIn(session.user.fullName));
    },
  });

  const phoneCodeLimit = rateLimitCheck(
    attempts,
    "whatsapp-phone-code",
    { max: 5, windowMs: HOUR_MS },
    { keyOf: byAccount },
  );
  calls.serve(app, requestPhoneVerificationCall, {
    onRequest: [guard.requireUser, personal, (request, reply) => phoneCodeLimit(request, reply, undefined)],
    handler: async (_input, { request }) => {
      await signIn.requestPhoneCode(request.user!.userId);
      const { phone } = await account.view(request.user!.userId);
      return {
        code: 200,
        message: WHATSAPP_MESSAGES.verifyCodeSent(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`),
        data: { resendAvailableInSeconds: signIn.resendAfterSeconds },
      };
    },
  });

  const verifyLimit = rateLimitCheck(
    attempts,
    "whatsapp-phone-verify",
    { max: 10, windowMs: QUARTER_MS },
    { keyOf: byAccount },
  );
  calls.serve(app, verifyPhoneCall, {
    onRequest: [guard.requireUser, personal, (request, reply) => verifyLimit(request, reply, undefined)],
    handler: async ({ otp }, { request }) => {
      const shown = await signIn.verifyPhone(request.user!.userId, otp);
      return {
        code: 200,
        message: WHATSAPP_MESSAGES.phoneVerified(shown),
        data: await account.view(request.user!.userId),
      };
    },
  });
}
