import type { StaffGrievanceTicket } from "#contract/grievances";
import { GRIEVANCE_CATEGORY_LABELS } from "#contract/grievances-rules";
import { TEXT_LINK } from "~/components/styles";
import { LimitLabel } from "./limit-labels";
import { href, Link } from "react-router";

/** The dashboard's warning: complaints near or past the 48-hour or one-month limit, most urgent first. */
export function ComplaintsPanel({
  attention,
}: {
  attention: { tickets: StaffGrievanceTicket[]; total: number; now: string } | null;
}) {
  if (!attention || attention.total === 0) return null;
  const shown = attention.tickets.slice(0, 5);
  return (
    <section
      aria-labelledby="complaints-heading"
      className="mt-8 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300"
    >
      <h2 id="complaints-heading" className="text-lg font-bold text-amber-950">
        {attention.total === 1
          ? "A complaint is near or past its limit"
          : `${attention.total} complaints are near or past their limits`}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Acknowledge a complaint within 48 hours and resolve it within one month of receiving it.
      </p>
      <ul className="mt-3 divide-y divide-amber-200 text-sm">
        {shown.map((ticket) => (
          <li
            key={ticket.ticketNumber}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between sm:gap-4"
          >
            <span>
              <Link to={`${href("/admin/grievances")}?ticket=${ticket.ticketNumber}`} className={TEXT_LINK}>
                {ticket.ticketNumber}
              </Link>{" "}
              · {GRIEVANCE_CATEGORY_LABELS[ticket.category]}
            </span>
            <span>
              {ticket.status === "open" ? (
                <LimitLabel what="Acknowledge" limit={ticket.acknowledge} now={attention.now} />
              ) : (
                <LimitLabel what="Resolve" limit={ticket.resolve} now={attention.now} />
              )}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to={`${href("/admin/grievances")}?view=attention`}
        className={`${TEXT_LINK} mt-2 inline-block text-sm`}
      >
        See all {attention.total}
      </Link>
    </section>
  );
}
