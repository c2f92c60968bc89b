import { z } from "zod";
import { defineCall } from "./call";
import { envelope, messageResponse } from "./envelope";
import { idField, MAX_ID } from "./ids";
import {
  MESSAGES,
  normalizePhone,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLE,
  ROLE_NAME_VALUES,
  USER_GROUPS,
} from "./accounts-rules";

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const emailField = requiredText(MESSAGES.emailRequired).pipe(
  z
    .email({ error: MESSAGES.emailInvalid })
    .max(254, { error: MESSAGES.emailInvalid })
    .transform((email) => email.toLowerCase()),
);

export const phoneField = requiredText(MESSAGES.phoneRequired).transform((value, context) => {
  const phone = normalizePhone(value);
  if (phone === null) {
    context.addIssue({ code: "custom", message: MESSAGES.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong });

export const otpField = z
  .string({ error: MESSAGES.otpIncomplete })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: MESSAGES.otpIncomplete });

const registrationFields = z.object({
  fullName: requiredText(MESSAGES.fullNameRequired).pipe(z.string().max(100)),
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  confirmPassword: z.string().optional(),
  acceptTerms: z.boolean().optional(),
  /** The optional consent to marketing mails (MARKETING_CONSENT_TEXT): only an explicit true gives it. */
  marketingConsent: z.boolean().optional(),
});

type Registration = {
  password: string;
  confirmPassword?: string | undefined;
  acceptTerms?: boolean | undefined;
};
const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The passwords typed twice agree, and the terms, when asked, are accepted: checked even while other fields
 * are wrong (`when`), so that every problem shows at once.
 */
const checkRegistration = <Schema extends z.ZodType<Registration>>(schema: Schema) =>
  schema
    .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
      message: MESSAGES.passwordsDoNotMatch,
      path: ["confirmPassword"],
      when: ({ value }) => typeof fieldsOf(value).confirmPassword === "string",
    })
    .refine((value) => value.acceptTerms !== false, {
      message: MESSAGES.termsRequired,
      path: ["acceptTerms"],
      when: ({ value }) => fieldsOf(value).acceptTerms === false,
    });

/** POST /users/register. The spec's client sends fullName, email, phone, password; the store's form also
 * sends confirmPassword and acceptTerms, checked when present. */
export const registerRequest = checkRegistration(registrationFields);

/**
 * The store's registration form: the same rules, with the passwords typed twice and the terms ticked (an
 * unticked box sends nothing, which the call itself allows for the spec's client).
 */
export const registrationForm = checkRegistration(
  registrationFields.extend({
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }),
    acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  }),
);
export type RegisterRequest = z.input<typeof registerRequest>;

export const verifyOtpRequest = z.object({
  otp: otpField,
  /** Identifies the account when no Bearer token from register is sent. */
  email: emailField.optional(),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>;

export const resendOtpRequest = z.object({ email: emailField.optional() });
export type ResendOtpRequest = z.input<typeof resendOtpRequest>;

const loginText = z
  .string({ error: MESSAGES.loginMissingFields })
  .min(1, { error: MESSAGES.loginMissingFields })
  .max(254 + PASSWORD_MAX_LENGTH, { error: MESSAGES.loginMissingFields });
export const loginRequest = z.object({
  email: loginText.transform((email) => email.trim().toLowerCase()),
  password: loginText,
});
export type LoginRequest = z.input<typeof loginRequest>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

const resetTokenField = z
  .string({ error: "This reset link is invalid." })
  .min(20, { error: "This reset link is invalid." });

export const resetPasswordRequest = z
  .object({
    token: resetTokenField,
    password: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** A reset link's token, checked before the page offers its form. */
export const resetLinkRequest = z.object({ token: resetTokenField });

const roleId = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const sessionUser = z.object({
  fullName: z.string(),
  roleId,
  roleName: z.enum(ROLE_NAME_VALUES),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The answer of login and of a successful verification: the token also goes out in the
 * `authorization` header and in the session cookie. */
export const sessionResponse = envelope(sessionUser).extend({ token: z.string() });

export const registerResponse = envelope(
  z.object({ email: z.string(), resendAvailableInSeconds: z.number().int() }),
).extend({ token: z.string() });

export const resendOtpResponse = envelope(z.object({ resendAvailableInSeconds: z.number().int() }));

export const profile = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  billingAddress: z.string().nullable(),
  roleId,
  roleName: z.enum(ROLE_NAME_VALUES),
});
export type Profile = z.infer<typeof profile>;

/** GET /users/get-me: the spec reads the first element of the data array. */
export const getMeResponse = envelope(z.array(profile));

// The super admin's calls.
export const listUsersQuery = z.object({
  group: z.enum(USER_GROUPS, { error: "Group must be staff or customers" }).default("staff"),
  page: z.coerce
    .number({ error: "Page must be a number" })
    .int({ error: "Page must be a whole number" })
    .min(1, { error: "Page must be 1 or more" })
    .max(MAX_ID, { error: "Page is too large" })
    .default(1),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int({ error: "Limit must be a whole number" })
    .min(1, { error: "Limit must be 1 or more" })
    .max(100, { error: "Limit must be 100 or less" })
    .default(20),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

export const userSummary = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  roleId,
  roleName: z.enum(ROLE_NAME_VALUES),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const listUsersResponse = envelope(z.array(userSummary)).extend({
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

export const updateRoleRequest = z.object({
  userId: idField("Invalid user ID"),
  roleId: z.union([z.literal(ROLE.admin), z.literal(ROLE.customer)], {
    error: "A user can be made an admin (2) or a customer (3)",
  }),
});
export type UpdateRoleRequest = z.input<typeof updateRoleRequest>;
export const updateRoleResponse = envelope(userSummary);

/** The answers that start a session: its token is also in the `authorization` header and the cookie. */
export const sessionStartedResponse = sessionResponse.meta({
  headers: { authorization: { type: "string", description: "`Bearer <token>`: the new session's token" } },
});

// The calls of accounts.
export const registerCall = defineCall({
  method: "POST",
  path: "/users/register",
  tag: "users",
  body: registerRequest,
  output: registerResponse,
});

/**
 * With the registration token as Bearer when the client has it, else by e-mail. The spec's client was also
 * seen calling it without the /users prefix: the server answers /register-verify-otp too.
 */
export const verifyOtpCall = defineCall({
  method: "POST",
  path: "/users/register-verify-otp",
  tag: "users",
  body: verifyOtpRequest,
  output: sessionStartedResponse,
});

export const resendOtpCall = defineCall({
  method: "POST",
  path: "/users/resend-otp",
  tag: "users",
  body: resendOtpRequest,
  output: resendOtpResponse,
});

export const loginCall = defineCall({
  method: "POST",
  path: "/users/login",
  tag: "users",
  body: loginRequest,
  output: sessionStartedResponse,
});

export const logoutCall = defineCall({
  method: "POST",
  path: "/users/logout",
  tag: "users",
  output: messageResponse,
});

export const forgotPasswordCall = defineCall({
  method: "POST",
  path: "/users/forgot-password",
  tag: "users",
  body: forgotPasswordRequest,
  output: messageResponse,
});

export const resetPasswordCall = defineCall({
  method: "POST",
  path: "/users/reset-password",
  tag: "users",
  body: resetPasswordRequest,
  output: messageResponse,
});

/** Whether a reset link can still be used (not used, not expired, known): 200, else 400. It changes nothing. */
export const checkResetLinkCall = defineCall({
  method: "POST",
  path: "/users/check-reset-link",
  tag: "users",
  body: resetLinkRequest,
  output: messageResponse,
});

export const getMeCall = defineCall({
  method: "GET",
  path: "/users/get-me",
  tag: "users",
  output: getMeResponse,
});

/** The super admin's list of staff or customers. */
export const getUsersCall = defineCall({
  method: "GET",
  path: "/users/get-users",
  tag: "users",
  query: listUsersQuery,
  output: listUsersResponse,
});

export const updateRoleCall = defineCall({
  method: "POST",
  path: "/users/update-role",
  tag: "users",
  body: updateRoleRequest,
  output: updateRoleResponse,
});
