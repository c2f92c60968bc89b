import { MESSAGES, normalizePhone, PASSWORD_MIN_LENGTH } from "#contract/accounts-rules";

export const REGISTRATION_FIELDS = [
  "fullName",
  "email",
  "phone",
  "password",
  "confirmPassword",
  "acceptTerms",
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/**
 * The form's checks with the messages of spec section 5, run in the browser before sending; the API
 * checks the same rules (and a few more, such as common passwords) whatever the browser does.
 */
export function validateRegistration(form: FormData): RegistrationErrors {
  const text = (field: RegistrationField) => String(form.get(field) ?? "");
  const errors: RegistrationErrors = {};
  if (!text("fullName").trim()) errors.fullName = MESSAGES.fullNameRequired;
  const email = text("email").trim();
  if (!email) errors.email = MESSAGES.emailRequired;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = MESSAGES.emailInvalid;
  if (!text("phone").trim()) errors.phone = MESSAGES.phoneRequired;
  else if (normalizePhone(text("phone")) === null) errors.phone = MESSAGES.phoneInvalid;
  const password = text("password");
  if (!password) errors.password = MESSAGES.passwordRequired;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort;
  if (text("confirmPassword") !== password) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  if (form.get("acceptTerms") !== "on") errors.acceptTerms = MESSAGES.termsRequired;
  return errors;
}
