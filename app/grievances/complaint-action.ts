import { data } from "react-router";
import type { CallResult } from "#contract/call";
import type { fileGrievanceCall } from "#contract/grievances";
import type { SubmissionResult } from "~/lib/forms";

export const COMPLAINT_FAILURE = "Something went wrong. Please try again.";

/** What the page's action answers: the ticket, or the form's problems with what was typed. */
export type ComplaintAnswer =
  | { ok: true; message: string; ticketNumber: string; confirmEmail: boolean }
  | { ok: false; message: string; photosError?: string; reply: SubmissionResult<string[]> };

export const loadComplaintForm = () => import("#contract/grievances").then((m) => m.complaintForm);

/** A complaint refused (by its form's check, an upload or the API), from the server (no scripts) or the browser. */
export function complaintRefused(
  result: { status: number; message: string },
  reply: SubmissionResult<string[]>,
  photosError?: string,
) {
  const message = result.status === 0 || result.status >= 500 ? COMPLAINT_FAILURE : result.message;
  return data<ComplaintAnswer>(
    { ok: false, message, reply, ...(photosError ? { photosError } : {}) },
    { status: result.status >= 400 ? result.status : 503 },
  );
}

/** The ticket file-grievance gave. */
export function complaintFiled(result: Extract<CallResult<typeof fileGrievanceCall>, { ok: true }>) {
  return data<ComplaintAnswer>({
    ok: true,
    message: result.message,
    ticketNumber: result.data.ticketNumber,
    confirmEmail: result.data.status === "unconfirmed",
  });
}
