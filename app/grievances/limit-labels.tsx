import type { StaffGrievanceTicket } from "#contract/grievances";
import { spanText, type LimitState } from "#contract/grievances-rules";

type Limit = { dueAt: string; state: LimitState } | null;

const TONES: Record<LimitState, string> = {
  due: "text-ink",
  near: "bg-amber-50 text-amber-900 ring-1 ring-amber-300",
  past: "bg-red-50 text-red-800 ring-1 ring-red-300",
  met: "text-green-800",
  late: "text-red-800",
};

/** A limit in staff's words at `now`: "Due in 5 h", "Overdue by 2 d 3 h", "Met", "Met late". */
export function limitWords(limit: Limit, now: string): string {
  if (!limit) return "Not received yet";
  const left = Date.parse(limit.dueAt) - Date.parse(now);
  switch (limit.state) {
    case "met":
      return "Met";
    case "late":
      return "Met late";
    case "past":
      return `Overdue by ${spanText(left)}`;
    default:
      return `Due in ${spanText(left)}`;
  }
}

/** One limit of a ticket, coloured by how close it is. */
export function LimitLabel({ what, limit, now }: { what: string; limit: Limit; now: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 ${limit ? TONES[limit.state] : ""}`}>
      {what}: {limitWords(limit, now)}
    </span>
  );
}

/** How long ago the officer received the ticket: "3 d 4 h". */
export const ageOf = (ticket: Pick<StaffGrievanceTicket, "receivedAt">, now: string) =>
  ticket.receivedAt ? spanText(Date.parse(now) - Date.parse(ticket.receivedAt)) : "—";
