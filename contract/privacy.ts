import { z } from "zod";
import { OTP_LENGTH } from "./accounts-rules";
import { defineCall } from "./call";
import { envelope, messageResponse } from "./envelope";
import { CONSENT_PURPOSES } from "./privacy-rules";

export * from "./privacy-rules";

const consentEntry = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  action: z.enum(["given", "withdrawn"]),
  noticeVersion: z.string(),
  /** Where it was given or withdrawn, when the purpose alone does not say (a WhatsApp number, a STOP reply). */
  source: z.string().nullable(),
  at: z.string(),
});
export type ConsentEntry = z.infer<typeof consentEntry>;

/**
 * A shopper's consents: her current choice for marketing mails and for order updates on WhatsApp (decision
 * 053), and the log of what she gave and withdrew.
 */
export const myConsents = z.object({
  marketing: z.boolean(),
  whatsapp: z.boolean(),
  log: z.array(consentEntry),
});
export type MyConsents = z.infer<typeof myConsents>;

export const myDataCall = defineCall({
  method: "GET",
  path: "/users/my-data",
  tag: "users",
  description:
    "The signed-in shopper's own data as a JSON file to download (decision 045): profile, addresses, orders with " +
    "their lines, reviews, complaints and consents.",
  produces: "application/json",
  output: z.string().meta({ format: "binary", description: "The JSON file" }),
});

export const myConsentsCall = defineCall({
  method: "GET",
  path: "/users/consents",
  tag: "users",
  output: envelope(myConsents),
});

export const setMarketingConsentCall = defineCall({
  method: "POST",
  path: "/users/marketing-consent",
  tag: "users",
  description: "Gives (`given: true`) or withdraws the consent to marketing mails; each change is logged.",
  body: z.object({ given: z.boolean({ error: "Say whether you agree to marketing e-mails" }) }),
  output: envelope(myConsents),
});

export const requestAccountDeletionCall = defineCall({
  method: "POST",
  path: "/users/delete-account/request-code",
  tag: "users",
  description:
    "Mails the signed-in shopper a one-time code that confirms deleting her account; 409 while an order of hers is open.",
  output: envelope(z.object({ resendAvailableInSeconds: z.number().int() })),
});

export const deleteAccountCall = defineCall({
  method: "POST",
  path: "/users/delete-account",
  tag: "users",
  description:
    "Deletes the signed-in shopper's account with the mailed code: her sessions end and her personal data is " +
    "erased, her orders kept without it (GST documents keep her name, as the law requires).",
  body: z.object({
    otp: z
      .string({ error: "Enter the code we e-mailed you" })
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: "Enter the code we e-mailed you" }),
  }),
  output: messageResponse,
});
