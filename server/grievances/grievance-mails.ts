import { GRIEVANCE_CATEGORY_LABELS, type GrievanceCategory } from "../../contract/grievances-rules";
import { STORE } from "../../contract/store";
import { brandedMail } from "../mail/mail-layout";
import type { Mail } from "../mail/mail.service";

/** How long the link that confirms a guest's complaint works. */
export const CONFIRM_LINK_DAYS = 7;

type Ticket = { ticketNumber: string; name: string; email: string; category: GrievanceCategory };
type Officer = { name: string; email: string };

const when = (date: Date) =>
  new Intl.DateTimeFormat("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  }).format(date);

/** To a signed-in shopper: her ticket number, at once. */
export function ticketFiledMail(ticket: Ticket, officer: Officer, link: string): Mail {
  return {
    to: ticket.email,
    replyTo: officer.email,
    subject: `${STORE.name}: your complaint, ticket ${ticket.ticketNumber}`,
    ...brandedMail([
      `Namaste ${ticket.name},`,
      `We have received your complaint about ${GRIEVANCE_CATEGORY_LABELS[ticket.category].toLowerCase()}. Your ticket number is ${ticket.ticketNumber}.`,
      `Our grievance officer, ${officer.name}, acknowledges it within 48 hours and resolves it within one month. Each answer is e-mailed to you, and you can follow the ticket in your account:`,
      { label: "See my complaints", url: link },
    ]),
  };
}

/** To a guest: her ticket number and the link that confirms her address (and later shows the ticket). */
export function confirmTicketMail(ticket: Ticket, link: string): Mail {
  return {
    to: ticket.email,
    subject: `${STORE.name}: confirm your complaint, ticket ${ticket.ticketNumber}`,
    ...brandedMail([
      `Namaste ${ticket.name},`,
      `Your complaint has the ticket number ${ticket.ticketNumber}. Please confirm that this is your e-mail address, and it goes to our grievance officer:`,
      { label: "Confirm my complaint", url: link },
      `The link works for ${CONFIRM_LINK_DAYS} days; keep this e-mail, as the same link shows the ticket and its answers afterwards. If you did not write to us, ignore this e-mail.`,
    ]),
  };
}

/** To the grievance officer: a complaint received, and when its limits fall. */
export function officerNoticeMail(
  ticket: Ticket & { text: string },
  officer: Officer,
  limits: { acknowledgeBy: Date; resolveBy: Date },
  link: string,
): Mail {
  return {
    to: officer.email,
    replyTo: ticket.email,
    subject: `Complaint ${ticket.ticketNumber}: ${GRIEVANCE_CATEGORY_LABELS[ticket.category]}`,
    ...brandedMail([
      `A complaint was received from ${ticket.name} (${ticket.email}).`,
      `Acknowledge it by ${when(limits.acknowledgeBy)} and resolve it by ${when(limits.resolveBy)}.`,
      ticket.text,
      { label: "Open the ticket", url: link },
    ]),
  };
}

const SUBJECTS = {
  acknowledged: "we have your complaint",
  answered: "an answer to your complaint",
  resolved: "your complaint is resolved",
} as const;

/** To the shopper: the officer's acknowledgement, answer or resolution, in the officer's words. */
export function ticketMessageMail(
  ticket: Ticket,
  kind: keyof typeof SUBJECTS,
  message: string,
  officer: Officer,
  /** The shopper's complaints in her account; null for a guest, whose first e-mail's link shows the ticket. */
  link: string | null,
): Mail {
  return {
    to: ticket.email,
    replyTo: officer.email,
    subject: `${STORE.name}: ${SUBJECTS[kind]}, ticket ${ticket.ticketNumber}`,
    ...brandedMail([
      `Namaste ${ticket.name},`,
      message,
      `${officer.name}, Grievance Officer`,
      link
        ? { label: "See the ticket", url: link }
        : "The link in our first e-mail about this ticket shows it whole.",
      kind === "resolved"
        ? "If you are not satisfied with this resolution, reply to this e-mail, or approach the consumer commission of your district through the National Consumer Helpline (1915, consumerhelpline.gov.in)."
        : "Reply to this e-mail to write to the grievance officer.",
    ]),
  };
}
