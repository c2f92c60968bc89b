import { randomBytes } from "node:crypto";
import type { Database } from "../db/client";
import type { PhonePeSettings } from "./phonepe-client";
import { phonePeSandboxCredentials } from "./payments.tables";

/**
 * The built-in PhonePe sandbox's credentials for this install: made at random the first time a store starts
 * on its database (within PhonePe's rules: a webhook username of 5-20 letters, digits or _, a password of
 * 8-20 letters and digits), then read back by every process and every start (decision 039). With them the
 * store's own PhonePe client talks to the sandbox at `baseUrl`; without them no one can.
 */
export async function sandboxCredentials(db: Database, baseUrl: string): Promise<PhonePeSettings> {
  await db
    .insert(phonePeSandboxCredentials)
    .values({
      id: 1,
      clientId: `SANDBOX_${randomBytes(6).toString("hex").toUpperCase()}`,
      clientSecret: randomBytes(32).toString("base64url"),
      clientVersion: "1",
      webhookUsername: `hook_${randomBytes(6).toString("hex")}`,
      // A letter and a digit first, as PhonePe asks of the password, then 18 random hex digits.
      webhookPassword: `p1${randomBytes(9).toString("hex")}`,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(phonePeSandboxCredentials);
  return {
    oauthBaseUrl: baseUrl,
    pgBaseUrl: baseUrl,
    clientId: row!.clientId,
    clientSecret: row!.clientSecret,
    clientVersion: row!.clientVersion,
    webhookUsername: row!.webhookUsername,
    webhookPassword: row!.webhookPassword,
  };
}
