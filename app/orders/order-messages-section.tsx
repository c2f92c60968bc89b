import type { OrderMailView } from "#contract/staff-orders";
import type { OrderMessageView } from "#contract/whatsapp";
import { RecordTable } from "~/components/record-table";
import { formatMoment } from "~/accounts/format";

/** How a message stands, in words, with when it got there. */
function standing(message: OrderMessageView): string {
  if (message.fellBackToMailAt) return `failed, e-mailed instead (${message.error ?? "not delivered"})`;
  if (message.status === "failed") return `failed${message.error ? ` (${message.error})` : ""}`;
  if (message.readAt) return `read ${formatMoment(message.readAt)}`;
  if (message.deliveredAt) return `delivered ${formatMoment(message.deliveredAt)}`;
  return message.error ? `${message.status} (${message.error})` : message.status;
}

const MAIL_STATUS: Record<OrderMailView["status"], string> = {
  pending: "waiting to be sent",
  sent: "sent",
  failed: "not sent: the mail server refused it",
};

/** Staff's view of an order's mails: to whom, about what, and whether the mail server took them. */
export function OrderMailsSection({
  mails,
  className,
}: {
  mails: readonly OrderMailView[];
  className: string;
}) {
  return (
    <section aria-labelledby="mails-heading" className={className}>
      <h2 id="mails-heading" className="text-lg font-bold">
        Mails
      </h2>
      {mails.length === 0 ? (
        <p className="mt-2 text-sm text-muted">None yet.</p>
      ) : (
        <RecordTable
          className="mt-3"
          label={{ "aria-labelledby": "mails-heading" }}
          rows={mails}
          rowKey={(mail) => `${mail.subject}-${mail.createdAt}`}
          columns={[
            { name: "Subject", cell: (mail) => mail.subject, className: "min-w-56" },
            { name: "To", cell: (mail) => mail.to, className: "min-w-48 break-all" },
            {
              name: "Status",
              cell: (mail) => (mail.sentAt ? `sent ${formatMoment(mail.sentAt)}` : MAIL_STATUS[mail.status]),
              className: "min-w-40",
            },
            { name: "Queued", cell: (mail) => formatMoment(mail.createdAt), className: "whitespace-nowrap" },
          ]}
        />
      )}
    </section>
  );
}

/**
 * Staff's view of an order's messages on WhatsApp (decision 053), beside its mails and history: what went
 * where, by which template, and how each stands by WhatsApp's own statuses.
 */
export function OrderMessagesSection({
  messages,
  className,
}: {
  messages: readonly OrderMessageView[];
  className: string;
}) {
  return (
    <section aria-labelledby="messages-heading" className={className}>
      <h2 id="messages-heading" className="text-lg font-bold">
        WhatsApp messages
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          None: the shopper did not ask for order updates on WhatsApp, or the store has no WhatsApp. The mails
          went as always.
        </p>
      ) : (
        <RecordTable
          className="mt-3"
          label={{ "aria-labelledby": "messages-heading" }}
          rows={messages}
          rowKey={(message) => `${message.event}-${message.createdAt}`}
          columns={[
            { name: "Update", cell: (message) => message.event },
            { name: "Template", cell: (message) => message.template ?? "—" },
            { name: "To", cell: (message) => message.to, className: "whitespace-nowrap" },
            { name: "Status", cell: standing, className: "min-w-48" },
            {
              name: "Queued",
              cell: (message) => formatMoment(message.createdAt),
              className: "whitespace-nowrap",
            },
          ]}
        />
      )}
    </section>
  );
}
