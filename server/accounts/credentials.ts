import { createHash, randomBytes, randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { OTP_LENGTH } from "../../contract/accounts-rules";
import { badRequest } from "../lib/errors";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";

/** OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane (argon2id is the library's default
 * algorithm; a test checks the stored hashes say so). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password or a one-time code for storage. */
export const hashSecret = (secret: string) => hash(secret, ARGON2_OPTIONS);

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

/**
 * A hash of a random secret that nobody knows: checking a password against it costs what a real check
 * costs, so an unknown e-mail is answered in the same time as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export function verifyAgainstDecoy(secret: string): Promise<boolean> {
  decoyHash ??= hashSecret(randomBytes(32).toString("base64url"));
  return decoyHash.then((stored) => verifySecret(stored, secret));
}

let commonPasswords: Set<string> | undefined;
/** The 49,000 most common passwords of zxcvbn's list, compared without regard to case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!commonPasswords) {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    commonPasswords = new Set(dictionary["passwords-common"] as string[]);
  }
  return commonPasswords.has(password.toLowerCase());
}

/** 400 for a common password (at registration and reset), naming the field. */
export async function rejectCommonPassword(password: string, field = "password"): Promise<void> {
  if (await isCommonPassword(password))
    throw badRequest(ACCOUNTS_MESSAGES.commonPassword, { [field]: ACCOUNTS_MESSAGES.commonPassword });
}

/** 256 random bits, for session, registration and reset tokens. Only its SHA-256 is ever stored. */
export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A one-time code of OTP_LENGTH digits from the CSPRNG, leading zeros kept. */
export const newOtp = () =>
  randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, "0");
