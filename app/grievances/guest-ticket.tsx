import { Form, useActionData, useNavigation, href, Link } from "react-router";
import type { GrievanceTicket } from "#contract/grievances";
import { FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { TicketThread } from "./ticket-thread";

/** What the confirmation answers. */
export type ConfirmAnswer = { ok: boolean; message: string };

/**
 * /grievances?token=, the page of the link e-mailed to a guest who filed a complaint. Opening it changes
 * nothing (mail scanners open links): it shows the ticket, and while her e-mail is unconfirmed, a button
 * confirms it.
 */
export function GuestTicket({
  token,
  ticket,
  error,
}: {
  token: string;
  ticket: GrievanceTicket | null;
  error: string | null;
}) {
  const answer = useActionData<ConfirmAnswer>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Your complaint</h1>
      {answer ? (
        <FormNotice tone={answer.ok ? "success" : "error"} className="mt-6">
          <p role={answer.ok ? "status" : "alert"}>{answer.message}</p>
        </FormNotice>
      ) : null}
      {error || !ticket ? (
        <>
          <FormNotice tone="error" className="mt-6">
            {error}
          </FormNotice>
          <p className="mt-4">
            <Link to={href("/grievances")} className={TEXT_LINK}>
              File a complaint
            </Link>
          </p>
        </>
      ) : (
        <>
          {ticket.status === "unconfirmed" && (
            <Form method="post" className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300">
              <p>
                Confirm that this is your e-mail address, and your complaint goes to our grievance officer.
              </p>
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="token" value={token} />
              <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} mt-4`}>
                {busy ? "Confirming..." : "Confirm my complaint"}
              </button>
            </Form>
          )}
          <div className="mt-6">
            <TicketThread ticket={ticket} />
          </div>
        </>
      )}
    </section>
  );
}
