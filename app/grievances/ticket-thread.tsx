import type { GrievanceTicket } from "#contract/grievances";
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_STATUS_LABELS,
  type LimitState,
} from "#contract/grievances-rules";
import { formatMoment } from "~/accounts/format";
import { ReviewPhotos } from "~/catalog/review-list";

const STATUS_TONE: Record<GrievanceTicket["status"], string> = {
  unconfirmed: "bg-amber-50 text-amber-900 ring-amber-300",
  open: "bg-brand-50 text-brand-800 ring-brand-200",
  acknowledged: "bg-sky-50 text-sky-900 ring-sky-200",
  resolved: "bg-green-50 text-green-900 ring-green-200",
};

const MESSAGE_TITLES = { acknowledged: "Acknowledged", answered: "Answer", resolved: "Resolution" } as const;

/** A ticket's status as a badge. */
export function StatusBadge({ status }: { status: GrievanceTicket["status"] }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ring-1 ${STATUS_TONE[status]}`}
    >
      {GRIEVANCE_STATUS_LABELS[status]}
    </span>
  );
}

/** What a limit means to the shopper: when it falls, or that it was met. */
function limitText(what: string, limit: { dueAt: string; state: LimitState } | null) {
  if (!limit) return null;
  if (limit.state === "met" || limit.state === "late") return null;
  return `${what} by ${formatMoment(limit.dueAt)}`;
}

/** A ticket as its shopper sees it: the complaint, its photos, and the grievance officer's messages. */
export function TicketThread({
  ticket,
  headingLevel = 2,
}: {
  ticket: GrievanceTicket;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const promises = [
    limitText("Acknowledgement", ticket.acknowledge),
    limitText("Resolution", ticket.resolve),
  ].filter(Boolean);
  return (
    <article
      aria-labelledby={`ticket-${ticket.ticketNumber}`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`ticket-${ticket.ticketNumber}`} className="text-lg font-bold">
          Ticket {ticket.ticketNumber}
        </Heading>
        <StatusBadge status={ticket.status} />
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-muted">About: </dt>
          <dd className="inline">{GRIEVANCE_CATEGORY_LABELS[ticket.category]}</dd>
        </div>
        <div>
          <dt className="inline text-muted">Filed: </dt>
          <dd className="inline">{formatMoment(ticket.filedAt)}</dd>
        </div>
        {ticket.orderId && (
          <div>
            <dt className="inline text-muted">Order: </dt>
            <dd className="inline">{ticket.orderId}</dd>
          </div>
        )}
        {promises.length > 0 && (
          <div>
            <dt className="inline text-muted">We promise: </dt>
            <dd className="inline">{promises.join("; ")}</dd>
          </div>
        )}
      </dl>
      <p className="mt-4 whitespace-pre-line">{ticket.text}</p>
      <ReviewPhotos photos={ticket.photos} label="Photos sent with the complaint" />
      {ticket.messages.length > 0 && (
        <ol
          className="mt-5 space-y-3 border-t border-brand-100 pt-4"
          aria-label="The grievance officer's messages"
        >
          {ticket.messages.map((message, index) => (
            <li key={index} className="rounded-xl bg-brand-50 p-4">
              <p className="text-sm font-semibold">
                {MESSAGE_TITLES[message.kind]} ·{" "}
                <span className="font-normal text-muted">{formatMoment(message.at)}</span>
              </p>
              <p className="mt-1 whitespace-pre-line">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
