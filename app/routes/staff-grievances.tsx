import { data, useLoaderData, href, Link } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import {
  acknowledgeGrievanceCall,
  answerGrievanceCall,
  resolveGrievanceCall,
  staffGrievanceCall,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_PAGE_SIZE,
  STAFF_GRIEVANCE_VIEWS,
  staffGrievanceAct,
  staffGrievancesCall,
  staffGrievancesQuery,
  type StaffGrievanceView,
} from "#contract/grievances";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { TEXT_LINK } from "~/components/styles";
import { ageOf, LimitLabel } from "~/grievances/limit-labels";
import { StaffTicket, type TicketActAnswer } from "~/grievances/staff-ticket";
import { formText, postedForm } from "~/lib/form-values";
import { readForm } from "~/lib/form-reading";
import { failedReply, firstErrorOf, refusalOf } from "~/lib/forms";
import { actionOrFailure } from "~/lib/request-failure";
import { StatusBadge } from "~/grievances/ticket-thread";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/staff-grievances";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Complaints", description: "Tickets for the grievance officer.", noindex: true });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

const VIEW_NAMES: Record<StaffGrievanceView, string> = {
  attention: "Near or past a limit",
  open: "To acknowledge",
  acknowledged: "To resolve",
  resolved: "Resolved",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const search = new URL(request.url).searchParams;
  const ticket = search.get("ticket");
  if (ticket) {
    const result = await context.api(staffGrievanceCall, { ticket });
    if (!result.ok)
      throw new Response(result.message, { status: result.status === 400 ? 404 : result.status || 502 });
    return { one: result.data, list: null };
  }
  // A list or page the query does not name is the first page of open tickets.
  const query = staffGrievancesQuery.safeParse(Object.fromEntries(search));
  const { view, page } = query.success ? query.data : { view: "open" as const, page: 1 };
  const result = await context.api(staffGrievancesCall, { view, page });
  if (!result.ok) throw new Response(result.message, { status: result.status || 502 });
  const pages = Math.max(1, Math.ceil(result.data.total / GRIEVANCE_PAGE_SIZE));
  return { one: null, list: { view, page, pages, ...result.data } };
}

const CALLS = {
  acknowledge: acknowledgeGrievanceCall,
  answer: answerGrievanceCall,
  resolve: resolveGrievanceCall,
} as const;

/** Acknowledges, answers or resolves the ticket, as the button pressed says. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const intent = formText(form, "intent") as keyof typeof CALLS;
  const call = (CALLS[intent] ?? CALLS.answer) as typeof answerGrievanceCall;
  const submission = await readForm(form, staffGrievanceAct);
  if (submission.status !== "success")
    return data(
      {
        ok: false,
        message: firstErrorOf(submission),
        intent,
        reply: submission.reply(),
      } satisfies TicketActAnswer,
      { status: 400 },
    );
  const result = await context.api(call, submission.value);
  if (result.ok)
    return {
      ok: true,
      message: result.message,
      intent,
      reply: submission.reply({ resetForm: true }),
    } satisfies TicketActAnswer;
  return data(
    {
      ok: false,
      message: result.message,
      intent,
      reply: refusalOf(submission, result),
    } satisfies TicketActAnswer,
    { status: result.status || 502 },
  );
}

export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) =>
    data(
      {
        ok: false,
        message: "Something went wrong. Please try again.",
        intent: "",
        reply: failedReply(form),
      } satisfies TicketActAnswer,
      { status: 503 },
    ),
  );

const viewHref = (view: StaffGrievanceView, page = 1) =>
  `${href("/admin/grievances")}?view=${view}${page > 1 ? `&page=${page}` : ""}`;

/**
 * /admin/grievances: the officer's tickets by what they need, each with its age against the two limits;
 * ?ticket= one ticket and its replies.
 */
export default function StaffGrievances() {
  const { one, list } = useLoaderData<typeof loader>();
  if (one) return <StaffTicket ticket={one.ticket} now={one.now} />;
  const { view, page, pages, tickets, total, now } = list!;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to={href("/admin-dashboard")} className={TEXT_LINK}>
        ← Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Complaints</h1>
      <p className="mt-1 text-muted">
        The rules ask us to acknowledge a complaint within 48 hours and resolve it within one month of
        receiving it. Each acknowledgement, answer and resolution is e-mailed to the shopper.
      </p>
      <nav aria-label="Tickets by what they need" className="mt-6 flex flex-wrap gap-2">
        {STAFF_GRIEVANCE_VIEWS.map((name) => (
          <Link
            key={name}
            to={viewHref(name)}
            aria-current={name === view ? "page" : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand-200 ${name === view ? "bg-brand-600 text-white" : "bg-white text-brand-700 hover:bg-brand-50"}`}
          >
            {VIEW_NAMES[name]}
          </Link>
        ))}
      </nav>
      <h2 className="mt-6 text-lg font-bold">
        {VIEW_NAMES[view]}: {total === 1 ? "1 ticket" : `${total} tickets`}
      </h2>
      {tickets.length === 0 ? (
        <p className="mt-4 text-muted">No tickets here.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {tickets.map((ticket) => (
            <li key={ticket.ticketNumber} className="rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={`${href("/admin/grievances")}?ticket=${ticket.ticketNumber}`}
                  className={`${TEXT_LINK} text-lg`}
                >
                  Ticket {ticket.ticketNumber}
                </Link>
                <StatusBadge status={ticket.status} />
              </div>
              <p className="mt-1 text-sm">
                {GRIEVANCE_CATEGORY_LABELS[ticket.category]} · {ticket.name} (
                {ticket.account ? "account" : "guest"}) · received {ageOf(ticket, now)} ago
              </p>
              <p className="mt-2 flex flex-wrap gap-2 text-sm">
                <LimitLabel what="Acknowledge" limit={ticket.acknowledge} now={now} />
                <LimitLabel what="Resolve" limit={ticket.resolve} now={now} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4">
          {page > 1 ? (
            <Link to={viewHref(view, page - 1)} className={TEXT_LINK}>
              Previous
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={viewHref(view, page + 1)} className={TEXT_LINK}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
