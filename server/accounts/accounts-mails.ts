import { STORE } from "../../contract/store";
import type { Mail } from "../mail/mail.service";
import { brandedMail } from "../mail/mail-layout";

// Subjects never carry the code or the link: mail logs name the subject.

export function verificationCodeMail(to: string, fullName: string, code: string): Mail {
  return {
    to,
    subject: `Your ${STORE.name} verification code`,
    ...brandedMail([
      `Namaste ${fullName},`,
      `Your verification code is: ${code}`,
      "Enter it on the Verify your email screen to finish creating your account. The code is valid for 10 minutes and can be used once.",
      `If you did not create an account at ${STORE.name}, you can ignore this e-mail: no account is activated without this code. Never share the code with anyone, including our staff.`,
    ]),
  };
}

export function passwordResetMail(to: string, fullName: string, link: string): Mail {
  return {
    to,
    subject: `Reset your ${STORE.name} password`,
    ...brandedMail([
      `Namaste ${fullName},`,
      "We received a request to reset the password of your account. Open this link to choose a new one:",
      { label: "Choose a new password", url: link },
      "The link is valid for one hour and works once. Resetting your password signs you out on every device.",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ]),
  };
}
