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

/**
 * To the owner of a verified account when someone registers its address again: registration answers as for a
 * new address (so that it tells nobody whether an address has an account), and the owner hears of it here.
 */
export function alreadyRegisteredMail(to: string, fullName: string, publicUrl: string): Mail {
  return {
    to,
    subject: `Your ${STORE.name} account`,
    ...brandedMail([
      `Namaste ${fullName},`,
      `Someone asked to create a ${STORE.name} account with this e-mail address, which already has one. If it was you, log in with your password:`,
      { label: "Log in", url: `${publicUrl}/login` },
      `Forgot your password? Choose a new one at ${publicUrl}/forgot-password.`,
      "If it was not you, ignore this e-mail: your account has not changed, and no code was sent.",
    ]),
  };
}
