import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { RoleId } from "../../contract/accounts-rules";
import { users } from "../accounts/accounts.tables";
import { hashSecret } from "../accounts/credentials";
import { outboxEmails } from "../mail/mail.tables";

export const PASSWORD = "saffron-silk-42";

/** Every call from its own address unless a test says otherwise, so rate limits count only where meant. */
let nextAddress = 1;
export const freshIp = () =>
  `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

export const uniqueEmail = (name = "shopper") => `${name}.${randomBytes(5).toString("hex")}@example.in`;

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = freshIp(),
) {
  return app.inject({
    method: "POST",
    url,
    remoteAddress,
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(payload),
  });
}

export const getMe = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: "GET", url: "/api/users/get-me", headers, remoteAddress: freshIp() });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest mail queued for an address. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const [mail] = await app.services.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  return mail;
}

/** The subjects of the mails queued for an address, oldest first. */
export const mailSubjects = async (app: FastifyInstance, to: string) =>
  (
    await app.services.db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, to))
      .orderBy(outboxEmails.id)
  ).map((mail) => mail.subject);

export const mailCount = async (app: FastifyInstance, to: string) =>
  (await app.services.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).length;

export function codeIn(text: string): string {
  const match = /verification code is: (\d{6})/.exec(text);
  if (!match) throw new Error("no code in the mail");
  return match[1]!;
}

export function resetTokenIn(text: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error("no reset link in the mail");
  return decodeURIComponent(match[1]!);
}

export const registration = (email: string) => ({
  fullName: "Kavya Reddy",
  email,
  phone: "98480 12345",
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});

/** Registers through the API and returns the registration token and the mailed code. */
export async function register(app: FastifyInstance, email = uniqueEmail()) {
  const response = await post(app, "/api/users/register", registration(email));
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const mail = await lastMailTo(app, email);
  return { email, token: response.json().token as string, code: codeIn(mail!.text) };
}

/** A verified account with a role, written straight to the database. */
export async function createUser(app: FastifyInstance, roleId: RoleId, email = uniqueEmail(`role${roleId}`)) {
  const [user] = await app.services.db
    .insert(users)
    .values({
      email,
      fullName: `Role ${roleId} person`,
      phone: "9876543210",
      passwordHash: await hashSecret(PASSWORD),
      roleId,
      verifiedAt: new Date(),
    })
    .returning({ id: users.id });
  return { id: user!.id, email };
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await post(app, "/api/users/login", { email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().token as string;
}

export async function createUserAndLogin(app: FastifyInstance, roleId: RoleId) {
  const user = await createUser(app, roleId);
  return { ...user, token: await login(app, user.email) };
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

export const isVerified = async (app: FastifyInstance, email: string) => {
  const [user] = await app.services.db
    .select({ verifiedAt: users.verifiedAt })
    .from(users)
    .where(and(eq(users.email, email)));
  return Boolean(user?.verifiedAt);
};
