import type { ContactMessage } from "../../contract/contact";
import type { Database } from "../db/client";
import { brandedMail } from "../mail/mail-layout";
import { enqueueMail } from "../mail/mail.service";
import { contactMessages } from "./contact.tables";

/** Keeps every contact message and notifies the store's inbox, in one transaction. */
export function createContactService({
  db,
  storeEmail,
  onMailQueued,
}: {
  db: Database;
  storeEmail: string;
  onMailQueued: () => void;
}) {
  async function submit(message: ContactMessage): Promise<{ id: number }> {
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...message, phone: message.phone || null })
        .returning({ id: contactMessages.id });
      const lines = [
        `New message from ${message.name} <${message.email}>${message.phone ? `, phone ${message.phone}` : ""}.`,
        `Subject: ${message.subject}`,
        message.message,
        "Reply to this e-mail to answer the customer. We promise a reply within 24 hours.",
      ];
      await enqueueMail(tx, {
        to: storeEmail,
        replyTo: message.email,
        subject: `Contact form: ${message.subject}`.slice(0, 200),
        ...brandedMail(lines),
      });
      return row!;
    });
    onMailQueued();
    return saved;
  }

  return { submit };
}

export type ContactService = ReturnType<typeof createContactService>;
