import type { GstDocumentSummary } from "#contract/gst";
import { formatRupees } from "#contract/money";
import type { PaymentStatus } from "#contract/orders-rules";
import { formatDate } from "~/accounts/format";
import { BUTTON_SECONDARY } from "~/components/styles";

const LABELS = {
  invoice: { title: "Tax invoice", download: "Download GST invoice" },
  "credit-note": { title: "Credit note", download: "Download credit note" },
} as const;

/**
 * An order's GST invoice and credit note with their download links (plain links to the PDF: the browser
 * downloads it with the session cookie), or, before the payment, where the invoice will be.
 */
export function GstDocuments({
  documents,
  paymentStatus,
}: {
  documents: GstDocumentSummary[];
  paymentStatus: PaymentStatus;
}) {
  if (documents.length === 0 && paymentStatus !== "Initiated") return null;
  return (
    <section aria-labelledby="gst-heading" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
      <h2 id="gst-heading" className="text-lg font-bold">
        GST documents
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          The GST invoice is issued here once the payment is received.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100">
          {documents.map((document) => (
            <li
              key={document.number}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-semibold">
                  {LABELS[document.kind].title} {document.number}
                </p>
                <p className="text-sm text-muted">
                  {formatDate(document.issuedAt)} · {formatRupees(document.total)}, GST{" "}
                  {formatRupees(document.tax)} included
                </p>
              </div>
              <a href={document.url} download className={`${BUTTON_SECONDARY} py-2 text-sm`}>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                  <path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1Zm-6 14a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z" />
                </svg>
                {LABELS[document.kind].download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
