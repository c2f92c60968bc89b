import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";

/** How the store takes payments, for the super admin: PhonePe itself, its built-in sandbox, or none. */
export const paymentProvider = z.object({
  /** `phonepe`: PhonePe's own servers (PHONEPE_* set); `sandbox`: the built-in stand-in; `none`: no payments. */
  provider: z.enum(["phonepe", "sandbox", "none"]),
  /**
   * The sandbox's credentials, this install's own (decision 039): what a client of the sandbox (a second
   * store, a test tool) sets as PHONEPE_* to reach it at `baseUrl`. Null unless the store runs on the sandbox.
   */
  sandbox: z
    .object({
      baseUrl: z.string(),
      clientId: z.string(),
      clientSecret: z.string(),
      clientVersion: z.string(),
      webhookUsername: z.string(),
      webhookPassword: z.string(),
    })
    .nullable(),
});
export type PaymentProvider = z.infer<typeof paymentProvider>;

export const paymentProviderCall = defineCall({
  method: "GET",
  path: "/admin/payments",
  tag: "payments",
  description:
    "Super admin only. Which PhonePe the store uses; when it is the built-in sandbox, the sandbox's credentials.",
  output: envelope(paymentProvider),
});
