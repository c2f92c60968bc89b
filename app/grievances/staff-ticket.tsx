import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation, href, Link } from "react-router";
import type { StaffGrievanceTicket } from "#contract/grievances";
import { FormField, FormNotice } from "~/components/form-field";
import { errorOf, textareaOf, useContractForm, type SubmissionResult } from "~/lib/forms";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { ageOf, LimitLabel } from "./limit-labels";
import { TicketThread } from "./ticket-thread";

/** What the page's action answers. */
export type TicketActAnswer = {
  ok: boolean;
  message: string;
  intent: string;
  reply: SubmissionResult<string[]>;
};

/** /admin/grievances?ticket=: the complaint, who filed it, its limits, and the officer's replies. */
export function StaffTicket({ ticket, now }: { ticket: StaffGrievanceTicket; now: string }) {
  const answer = useActionData<TicketActAnswer>();
  const busy = useNavigation().state === "submitting";
  const noticeRef = useRef<HTMLDivElement>(null);
  const { fields, formProps } = useContractForm(
    () => import("#contract/grievances").then((m) => m.staffGrievanceAct),
    answer?.reply,
    { id: "grievance" },
  );
  useEffect(() => {
    if (answer) noticeRef.current?.focus();
  }, [answer]);
  const open = ticket.status !== "resolved";

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={href("/admin/grievances")} className={TEXT_LINK}>
        ← Complaints
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Ticket {ticket.ticketNumber}</h1>
      <p className="mt-2">
        From {ticket.name}
        {ticket.email ? (
          <>
            {" "}
            (
            <a href={`mailto:${ticket.email}`} className={TEXT_LINK}>
              {ticket.email}
            </a>
            )
          </>
        ) : null}
        , {ticket.account ? "signed in" : "a guest whose e-mail is confirmed"}; received {ageOf(ticket, now)}{" "}
        ago.
      </p>
      <p className="mt-2 flex flex-wrap gap-2 text-sm">
        <LimitLabel what="Acknowledge" limit={ticket.acknowledge} now={now} />
        <LimitLabel what="Resolve" limit={ticket.resolve} now={now} />
      </p>
      <div ref={noticeRef} tabIndex={-1} className="mt-4 outline-none">
        {answer ? <FormNotice tone={answer.ok ? "success" : "error"}>{answer.message}</FormNotice> : null}
      </div>
      <div className="mt-4">
        <TicketThread ticket={ticket} />
      </div>
      {open ? (
        <Form
          method="post"
          {...formProps()}
          className="mt-6 space-y-4 rounded-2xl bg-white p-5 ring-1 ring-brand-100"
        >
          <h2 className="text-xl font-bold">Reply to the shopper</h2>
          <input type="hidden" name={fields.ticket.name} value={ticket.ticketNumber} />
          <FormField
            id={fields.message.id}
            label="Message"
            error={errorOf(fields.message)}
            hint={
              ticket.status === "open"
                ? "Acknowledge leaves it empty for the standard acknowledgement; an answer or a resolution needs words."
                : "The shopper is e-mailed what you write."
            }
          >
            <textarea {...textareaOf(fields.message, { hint: true })} rows={5} maxLength={5000} />
          </FormField>
          <div className="flex flex-wrap gap-3">
            {ticket.status === "open" && (
              <button
                type="submit"
                name="intent"
                value="acknowledge"
                disabled={busy}
                className={BUTTON_PRIMARY}
              >
                Acknowledge
              </button>
            )}
            <button type="submit" name="intent" value="answer" disabled={busy} className={BUTTON_SECONDARY}>
              Send answer
            </button>
            <button type="submit" name="intent" value="resolve" disabled={busy} className={BUTTON_SECONDARY}>
              Resolve
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-6 text-muted">This ticket is resolved.</p>
      )}
    </div>
  );
}
