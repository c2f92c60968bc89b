import type { GrievanceTicket } from "#contract/grievances";
import { BUTTON_PRIMARY } from "~/components/styles";
import { TicketThread } from "./ticket-thread";
import { href, Link } from "react-router";

/** The account's Complaints tab: each ticket with the grievance officer's messages, newest first. */
export function MyComplaints({ tickets }: { tickets: GrievanceTicket[] }) {
  return (
    <section aria-labelledby="tab-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="tab-title" className="text-2xl font-bold">
          My Complaints
        </h2>
        <Link to={href("/grievances")} className={BUTTON_PRIMARY}>
          File a complaint
        </Link>
      </div>
      {tickets.length > 0 ? (
        <div className="grid gap-4">
          {tickets.map((ticket) => (
            <TicketThread key={ticket.ticketNumber} ticket={ticket} headingLevel={3} />
          ))}
        </div>
      ) : (
        <p className="rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-brand-100">
          No complaints. If something is wrong, tell our grievance officer: each complaint gets a ticket
          number.
        </p>
      )}
    </section>
  );
}
