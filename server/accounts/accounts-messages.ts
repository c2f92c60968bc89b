/** What registration, sign-in and password resets answer, word for word (the spec's catalogue where it has one). */
export const ACCOUNTS_MESSAGES = {
  commonPassword: "This password is too common. Please choose one that is harder to guess.",
  /** It contains "Incorrect password", which the spec's client shows as its own text (spec section 8). */
  loginFailed: "Incorrect password or email.",
  notVerified: "Please verify your email first. Enter the code we sent to your email, or ask for a new one.",
  codeInvalid: "This code is not valid. Please ask for a new one.",
  codeExpired: "This code has expired. Please ask for a new one.",
  codeTriesExhausted: "Too many incorrect codes. Please ask for a new one.",
  resendSent: "If this account is waiting for verification, a new code is on its way.",
  resetLinkSent: "Password reset link has been sent to your email.",
  resetLinkInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  sessionMissing: "Please log in to continue.",
} as const;
