// The account rules both sides need, without Zod, so the browser can import them for nothing.

/** Roles of spec section 6. The super admin is also an admin: every staff area is open to it. */
export const ROLE = { superAdmin: 1, admin: 2, customer: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const STAFF_ROLES: readonly RoleId[] = [ROLE.superAdmin, ROLE.admin];
export const ANY_ROLE: readonly RoleId[] = [ROLE.superAdmin, ROLE.admin, ROLE.customer];

/**
 * The spec's route guards know two role names, 'User' and 'Admin' (section 6): the super admin is an
 * 'Admin' there too, as it is an admin everywhere; its roleId (1) tells it apart (decision 033).
 */
export const ROLE_NAME_VALUES = ["Admin", "User"] as const;
export type RoleName = (typeof ROLE_NAME_VALUES)[number];
export const ROLE_NAMES = { 1: "Admin", 2: "Admin", 3: "User" } as const satisfies Record<RoleId, RoleName>;

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const RESEND_COOLDOWN_SECONDS = 60;

export const MESSAGES = {
  fullNameRequired: "Full name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Mobile number is required",
  phoneInvalid: "Please enter a valid 10-digit mobile number",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDoNotMatch: "Passwords do not match",
  termsRequired: "You must accept the terms and conditions",
  loginMissingFields: "Please enter both email and password.",
  otpIncomplete: "Please enter all 6 digits",
} as const;

/** The super admin's lists of accounts. */
export const USER_GROUPS = ["staff", "customers"] as const;

/** An Indian mobile number as its 10 digits (starting 6-9), accepting +91, 0 and spaces; null if it is not one. */
export function normalizePhone(value: string): string | null {
  const digits = value.replace(/[\s()-]/g, "").replace(/^(\+91|0091|0)/, "");
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}
