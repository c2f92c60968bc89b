import { STORE } from "../../contract/store";
import type { Mail } from "../mail/mail.service";
import { brandedMail } from "../mail/mail-layout";

// The subject never carries the code: mail logs name the subject.
export function deletionCodeMail(to: string, fullName: string, code: string): Mail {
  return {
    to,
    subject: `Confirm deleting your ${STORE.name} account`,
    ...brandedMail([
      `Namaste ${fullName},`,
      `Your code to delete your account is: ${code}`,
      "Enter it on your account page to confirm. The code is valid for 10 minutes and can be used once. Deleting your account ends every session and erases your personal data; your GST invoices keep your name, as the law requires.",
      "If you did not ask for this, ignore this e-mail and your account stays as it is. Never share the code with anyone, including our staff.",
    ]),
  };
}
