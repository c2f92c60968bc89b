import type { WhatsAppMonth } from "#contract/whatsapp";
import { formatRupees } from "#contract/money";
import { plural } from "~/lib/plural";

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-IN", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** The dashboard's line on WhatsApp (decision 053): the month's messages and what Meta may bill for them. */
export function WhatsAppMonthLine({ month, className }: { month: WhatsAppMonth; className: string }) {
  return (
    <section aria-labelledby="whatsapp-month-heading" className={className}>
      <h2 id="whatsapp-month-heading" className="text-lg font-bold">
        WhatsApp in {monthName(month.month)}
      </h2>
      <p className="mt-1 text-sm" data-testid="whatsapp-month">
        {plural(month.messages, "message")} sent, {month.billable} billed by Meta: about{" "}
        <span className="font-semibold">{formatRupees(month.costEstimate)}</span> at the price on Store
        settings.
      </p>
    </section>
  );
}
