import { z } from "zod";
import { imageFilesForm, picture } from "./catalog";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_MESSAGES as M,
  GRIEVANCE_STATUSES,
  LIMIT_STATES,
  MAX_GRIEVANCE_PHOTOS,
} from "./grievances-rules";
import { pagingFields } from "./paging";

export * from "./grievances-rules";

const text = (min: number, max: number, error: string) =>
  z.string({ error }).trim().min(min, { error }).max(max, { error });

const token = z
  .string({ error: M.linkInvalid })
  .trim()
  .min(1, { error: M.linkInvalid })
  .max(200, { error: M.linkInvalid });

/** A complaint as the form sends it. A guest gives a name and an e-mail; a signed-in shopper's are her account's. */
export const fileGrievanceRequest = z.object({
  category: z.enum(GRIEVANCE_CATEGORIES, { error: M.categoryRequired }),
  text: text(10, 5000, M.textLength),
  /** The order it is about, if any (a signed-in shopper's own). */
  orderId: z
    .string({ error: M.orderInvalid })
    .trim()
    .max(64, { error: M.orderInvalid })
    .regex(/^[A-Za-z0-9-]*$/, { error: M.orderInvalid })
    .optional(),
  name: z.string({ error: M.nameRequired }).trim().max(100, { error: M.nameRequired }).optional(),
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .max(254, { error: M.emailInvalid })
    .pipe(z.union([z.literal(""), z.email({ error: M.emailInvalid })]))
    .optional(),
  /** Media ids from upload-grievance-photos, with the upload's token that proves they are the sender's. */
  photos: z
    .array(z.string().max(100), { error: M.photoNotFound })
    .max(MAX_GRIEVANCE_PHOTOS, { error: M.photosTooMany })
    .optional(),
  uploadToken: z.string().max(200).optional(),
});
export type FileGrievanceRequest = z.infer<typeof fileGrievanceRequest>;
/** The complaint as its form sends it: the photos are files, uploaded by the page's scripts before it. */
export const complaintForm = fileGrievanceRequest.omit({ photos: true, uploadToken: true });

export const filedGrievance = z.object({
  ticketNumber: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  email: z.string(),
});

const message = z.object({
  kind: z.enum(["acknowledged", "answered", "resolved"]),
  text: z.string(),
  at: z.string(),
});

const limit = z.object({ dueAt: z.string(), state: z.enum(LIMIT_STATES) });

/** A ticket as its shopper sees it: the complaint, where it stands and the officer's messages. */
export const grievanceTicket = z.object({
  ticketNumber: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  orderId: z.string().nullable(),
  text: z.string(),
  photos: z.array(picture),
  status: z.enum(GRIEVANCE_STATUSES),
  filedAt: z.string(),
  /** When the officer received it (a guest's once her e-mail is confirmed); the limits count from it. */
  receivedAt: z.string().nullable(),
  acknowledge: limit.nullable(),
  resolve: limit.nullable(),
  messages: z.array(message),
});
export type GrievanceTicket = z.infer<typeof grievanceTicket>;

/** A ticket as staff see it: with who filed it. */
export const staffGrievanceTicket = grievanceTicket.extend({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Filed by a signed-in shopper (else a guest whose e-mail was confirmed). */
  account: z.boolean(),
});
export type StaffGrievanceTicket = z.infer<typeof staffGrievanceTicket>;

export const GRIEVANCE_PAGE_SIZE = 20;

export const STAFF_GRIEVANCE_VIEWS = ["attention", "open", "acknowledged", "resolved"] as const;
export type StaffGrievanceView = (typeof STAFF_GRIEVANCE_VIEWS)[number];

export const staffGrievancesQuery = z.object({
  view: z.enum(STAFF_GRIEVANCE_VIEWS, { error: "Choose a list of tickets" }).default("open"),
  page: pagingFields({ defaultLimit: GRIEVANCE_PAGE_SIZE, maxLimit: GRIEVANCE_PAGE_SIZE }).page,
});

export const staffGrievanceQuery = z.object({
  ticket: z
    .string({ error: M.ticketNotFound })
    .trim()
    .min(1, { error: M.ticketNotFound })
    .max(20, { error: M.ticketNotFound }),
});

export const staffGrievanceAct = z.object({
  ticket: staffGrievanceQuery.shape.ticket,
  /** Optional when acknowledging (a standard acknowledgement is sent); required to answer or resolve. */
  message: z.string({ error: M.messageLength }).trim().max(5000, { error: M.messageLength }).optional(),
});

const ticketsPage = envelope(
  z.object({
    tickets: z.array(staffGrievanceTicket),
    total: z.number().int(),
    /** The server's clock, for the ages the page shows. */
    now: z.string(),
  }),
);

export const uploadGrievancePhotosCall = defineCall({
  method: "POST",
  path: "/grievances/upload-photos",
  tag: "grievances",
  description: `Guests and shoppers: multipart/form-data with the repeated field \`files\`, at most ${MAX_GRIEVANCE_PHOTOS} photos. The answer's \`photos\` and \`uploadToken\` go with file-grievance.`,
  form: imageFilesForm(MAX_GRIEVANCE_PHOTOS),
  output: envelope(z.object({ photos: z.array(z.string()), uploadToken: z.string() })),
});

export const fileGrievanceCall = defineCall({
  method: "POST",
  path: "/grievances/file",
  tag: "grievances",
  description:
    "Files a complaint to the grievance officer and answers its ticket number at once (also e-mailed). A guest's " +
    "goes to the officer once the e-mailed link confirms her address.",
  body: fileGrievanceRequest,
  output: envelope(filedGrievance),
});

export const confirmGrievanceCall = defineCall({
  method: "POST",
  path: "/grievances/confirm",
  tag: "grievances",
  description: "Confirms a guest's e-mail with the token of the mailed link: the ticket goes to the officer.",
  body: z.object({ token }),
  output: envelope(grievanceTicket),
});

export const guestGrievanceCall = defineCall({
  method: "GET",
  path: "/grievances/ticket",
  tag: "grievances",
  description: "A ticket and its thread, by the token of the link e-mailed to its guest.",
  query: z.object({ token }),
  output: envelope(grievanceTicket),
});

export const myGrievancesCall = defineCall({
  method: "GET",
  path: "/users/grievances",
  tag: "grievances",
  description: "Signed in: the shopper's tickets, newest first, each with its thread.",
  output: envelope(z.array(grievanceTicket)),
});

export const staffGrievancesCall = defineCall({
  method: "GET",
  path: "/admin/grievances",
  tag: "grievances",
  description:
    "Staff: tickets received by the officer. `attention`: open or acknowledged tickets near or past a limit, " +
    "most urgent first; `open` and `acknowledged`: oldest first; `resolved`: newest first. 20 a page.",
  query: staffGrievancesQuery,
  output: ticketsPage,
});

export const staffGrievanceCall = defineCall({
  method: "GET",
  path: "/admin/grievances/get",
  tag: "grievances",
  query: staffGrievanceQuery,
  output: envelope(z.object({ ticket: staffGrievanceTicket, now: z.string() })),
});

const actCall = <const Path extends string>(path: Path, description: string) =>
  defineCall({
    method: "POST",
    path,
    tag: "grievances",
    description,
    body: staffGrievanceAct,
    output: envelope(z.object({ ticket: staffGrievanceTicket, now: z.string() })),
  });

export const acknowledgeGrievanceCall = actCall(
  "/admin/grievances/acknowledge",
  "Staff: acknowledges an open ticket (once), with a message or the standard one; the shopper is e-mailed.",
);
export const answerGrievanceCall = actCall(
  "/admin/grievances/answer",
  "Staff: answers a ticket not yet resolved (acknowledging it if it was open); the shopper is e-mailed.",
);
export const resolveGrievanceCall = actCall(
  "/admin/grievances/resolve",
  "Staff: resolves a ticket with the resolution's words (once); the shopper is e-mailed.",
);
