/**
 * Complaints to the grievance officer (issue 39, decision 044), without Zod so that pages can use them: the
 * categories, the two limits the Consumer Protection (E-Commerce) Rules 2020 set, and the store's words.
 */

/** What a complaint is about, as the form offers it. */
export const GRIEVANCE_CATEGORIES = [
  "order-or-delivery",
  "payment-or-refund",
  "damaged-defective-or-wrong",
  "not-as-described",
  "customisation",
  "website-or-account",
  "privacy-and-my-data",
  "other",
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  "order-or-delivery": "An order or its delivery",
  "payment-or-refund": "A payment or a refund",
  "damaged-defective-or-wrong": "A damaged, defective or wrong item",
  "not-as-described": "An item not as described",
  customisation: "A customisation or its tailoring",
  "website-or-account": "The website or my account",
  "privacy-and-my-data": "Privacy and my personal data",
  other: "Something else",
};

/**
 * Where a ticket stands: `unconfirmed` until a guest's e-mail is confirmed by the mailed link (the officer
 * does not see it yet), then `open`, `acknowledged`, `resolved`.
 */
export const GRIEVANCE_STATUSES = ["unconfirmed", "open", "acknowledged", "resolved"] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  unconfirmed: "Waiting for e-mail confirmation",
  open: "Received",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
};

const HOUR_MS = 3_600_000;

/**
 * The rules' two limits, counted from when the officer received the complaint: acknowledge within 48 hours,
 * resolve within one month (a calendar month, computed by the database). A limit is "near" once less than
 * this much of it is left.
 */
export const GRIEVANCE_LIMITS = {
  acknowledgeHours: 48,
  resolveMonths: 1,
  acknowledgeNearMs: 12 * HOUR_MS,
  resolveNearMs: 7 * 24 * HOUR_MS,
} as const;

/** A limit's state: `met` in time, `late` met after it, else `due` (time left), `near` or `past`. */
export const LIMIT_STATES = ["due", "near", "past", "met", "late"] as const;
export type LimitState = (typeof LIMIT_STATES)[number];

/** The state of one limit at `now`: its due time, when it was met (if it was) and how close "near" is. */
export function limitState(dueAt: Date, metAt: Date | null, nearMs: number, now: Date): LimitState {
  if (metAt) return metAt.getTime() <= dueAt.getTime() ? "met" : "late";
  const left = dueAt.getTime() - now.getTime();
  return left <= 0 ? "past" : left <= nearMs ? "near" : "due";
}

/** "3 days 4 h", "5 h", "12 min": a span in the words staff read at a glance. */
export function spanText(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return `${hours} h`;
  return `${minutes % 60} min`;
}

export const MAX_GRIEVANCE_PHOTOS = 3;

export const GRIEVANCE_MESSAGES = {
  categoryRequired: "Choose what the complaint is about.",
  textLength: "Describe the problem in 10 to 5,000 characters.",
  nameRequired: "Please enter your name.",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  orderInvalid: "An order ID is up to 64 letters, digits and dashes, as on your order.",
  orderNotFound: "We found no order of yours with this ID.",
  photosTooMany: `At most ${MAX_GRIEVANCE_PHOTOS} photos.`,
  photoNotFound: "A photo was not found: please add it again.",
  ticketNotFound: "Ticket not found",
  linkInvalid: "This link is invalid or has expired.",
  messageLength: "Write the message in 1 to 5,000 characters.",
  resolved: "This ticket is resolved: nothing more can be added to it.",
  notReceived: "This ticket is waiting for its e-mail to be confirmed.",
  tooMany: "Too many requests. Please try again later.",
  filed: (ticket: string) =>
    `Your complaint is filed as ticket ${ticket}. We acknowledge it within 48 hours and resolve it within one month; we have e-mailed you the ticket number.`,
  confirmSent: (ticket: string, email: string) =>
    `Your ticket number is ${ticket}. Open the link we sent to ${email} to confirm your e-mail: your complaint then goes to our grievance officer.`,
  confirmed: (ticket: string) =>
    `Thank you: ticket ${ticket} is with our grievance officer. We acknowledge it within 48 hours.`,
  acknowledged: "Acknowledged: the shopper has been e-mailed.",
  answered: "Answer sent: the shopper has been e-mailed.",
  resolvedNow: "Resolved: the shopper has been e-mailed.",
  alreadyAcknowledged: "This ticket was already acknowledged.",
} as const;
