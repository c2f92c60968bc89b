import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { RESEND_COOLDOWN_SECONDS } from "../../contract/accounts-rules";
import { STORE } from "../../contract/store";
import { WHATSAPP_MESSAGES } from "../../contract/whatsapp";
import { ACCOUNTS_MESSAGES } from "../accounts/accounts-messages";
import { emailVerifications, users } from "../accounts/accounts.tables";
import { hashSecret, newOtp } from "../accounts/credentials";
import {
  issueCode,
  pendingCode,
  secondsUntilResend,
  spendCode,
  waitMessage,
} from "../accounts/one-time-codes";
import { startSession, type IssuedSession } from "../accounts/sessions";
import type { Database, Transaction } from "../db/client";
import { badRequest, NotAllowed, tooManyRequests, Unavailable } from "../lib/errors";
import { brandedMail } from "../mail/mail-layout";
import type { Mail } from "../mail/mail.service";
import { whatsappVerifiedNumbers } from "./messaging.tables";
import { shownNumber, waNumberOf } from "./whatsapp-consents";
import { queueWhatsApp } from "./whatsapp-outbox";
import { TEMPLATES, templateComponents, type TemplateKey } from "./whatsapp-templates";

/** How long a code is good: the one-time codes' 10 minutes (the message is worth nothing after). */
const CODE_LIFETIME_MS = 10 * 60_000;

/** When WhatsApp cannot deliver a sign-in code, it goes to the account's e-mail (decision 053). */
function signInCodeMail(to: string, fullName: string, code: string): Mail {
  return {
    to,
    subject: `Your ${STORE.name} sign-in code`,
    ...brandedMail([
      `Namaste ${fullName},`,
      `We could not reach your phone on WhatsApp, so here is the code you asked for. Your sign-in code is: ${code}`,
      "Enter it on the sign-in screen. The code is valid for 10 minutes and can be used once.",
      "If you did not ask to sign in, you can ignore this e-mail: nobody signs in without this code. Never share the code with anyone, including our staff.",
    ]),
  };
}

/**
 * Signing in with a code sent on WhatsApp (decision 053), with the one-time codes of the e-mail (6 digits,
 * hashed, 10 minutes, 5 tries, a new code replaces the old). A number signs in to the account that verified
 * it: from the account page, a code sent there and typed back (the newest proof of a number wins, so a number
 * passed on to someone else follows its new owner). Asking for a sign-in code answers the same for every
 * number, registered or not; the code goes as the authentication template with its copy-code button, and by
 * e-mail when WhatsApp cannot deliver it.
 */
export function createWhatsAppSignIn({
  db,
  templates,
  enabled,
  onQueued,
}: {
  db: Database;
  templates: { language: string; names: Record<TemplateKey, string> };
  enabled: boolean;
  /** A code was queued: the outbox's job may run now. */
  onQueued: () => void;
}) {
  const codeMessage = (
    to: string,
    userId: number,
    code: string,
    event: "login-code" | "phone-code",
    mail?: Mail,
  ) =>
    ({
      userId,
      event,
      to,
      category: "authentication",
      kind: "template",
      template: templates.names.loginCode,
      language: templates.language,
      components: templateComponents(TEMPLATES.loginCode, { body: [code], buttons: [code] }),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
      ...(mail ? { fallbackMail: mail } : {}),
    }) as const;

  /** The account a number signs in to: it verified that number, it is still its profile's, and it is verified. */
  async function accountOf(phone: string) {
    const [account] = await db
      .select({ id: users.id, email: users.email, fullName: users.fullName, roleId: users.roleId })
      .from(whatsappVerifiedNumbers)
      .innerJoin(users, eq(users.id, whatsappVerifiedNumbers.userId))
      .where(
        and(
          eq(whatsappVerifiedNumbers.phone, waNumberOf(phone)),
          eq(users.phone, phone),
          isNotNull(users.verifiedAt),
          isNull(users.erasedAt),
        ),
      );
    return account;
  }

  /** Sends a sign-in code to the number's account, if it has one; the same answer either way. */
  async function requestLoginCode(phone: string): Promise<void> {
    if (!enabled) throw new Unavailable(WHATSAPP_MESSAGES.unavailable);
    const account = await accountOf(phone);
    // A number without an account costs what a code costs, so that the time does not tell either.
    if (!account) {
      await hashSecret(newOtp());
      return;
    }
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, account.id, "whatsapp-login");
      await queueWhatsApp(
        tx,
        codeMessage(
          waNumberOf(phone),
          account.id,
          code,
          "login-code",
          signInCodeMail(account.email, account.fullName, code),
        ),
      );
    });
    onQueued();
  }

  /** Signs in with the code sent to the number: a session, as the e-mail's code starts one. */
  async function login(phone: string, otp: string): Promise<IssuedSession> {
    const account = await accountOf(phone);
    const pending = account ? await pendingCode(db, account.id, "whatsapp-login") : undefined;
    if (!account || !pending) throw badRequest(ACCOUNTS_MESSAGES.codeInvalid);
    return spendCode(db, pending, otp, (tx) => startSession(tx, account));
  }

  /** Sends a code on WhatsApp to the account's profile mobile, to verify it; a resend after 60 s. */
  async function requestPhoneCode(userId: number): Promise<void> {
    if (!enabled) throw new Unavailable(WHATSAPP_MESSAGES.unavailable);
    const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (!user?.phone) throw new NotAllowed(WHATSAPP_MESSAGES.noPhone);
    const pending = await pendingCode(db, userId, "phone-verify");
    const wait = pending ? secondsUntilResend(pending.sentAt) : 0;
    if (wait > 0) throw tooManyRequests(waitMessage(wait));
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, userId, "phone-verify");
      // No fallback: a code mailed would prove the e-mail, not the number.
      await queueWhatsApp(tx, codeMessage(waNumberOf(user.phone), userId, code, "phone-code"));
    });
    onQueued();
  }

  /** The number passes to this account: another account that had verified it no longer signs in with it. */
  async function markVerified(tx: Transaction, userId: number, phone: string) {
    await tx.delete(whatsappVerifiedNumbers).where(eq(whatsappVerifiedNumbers.phone, phone));
    await tx
      .insert(whatsappVerifiedNumbers)
      .values({ userId, phone })
      .onConflictDoUpdate({ target: whatsappVerifiedNumbers.userId, set: { phone, verifiedAt: new Date() } });
  }

  /** The code typed back: the profile's mobile is the account's number on WhatsApp. Answers it, shown. */
  async function verifyPhone(userId: number, otp: string): Promise<string> {
    const [pending] = await db
      .select({
        userId: emailVerifications.userId,
        codeHash: emailVerifications.codeHash,
        codeExpiresAt: emailVerifications.codeExpiresAt,
        phone: users.phone,
      })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.purpose, "phone-verify")));
    if (!pending) throw badRequest(ACCOUNTS_MESSAGES.codeInvalid);
    const phone = waNumberOf(pending.phone);
    await spendCode(db, pending, otp, (tx) => markVerified(tx, userId, phone));
    return shownNumber(phone);
  }

  return {
    requestLoginCode,
    login,
    requestPhoneCode,
    verifyPhone,
    resendAfterSeconds: RESEND_COOLDOWN_SECONDS,
  };
}

export type WhatsAppSignIn = ReturnType<typeof createWhatsAppSignIn>;
