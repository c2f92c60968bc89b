import type { ReactNode } from "react";
import { Form, useLoaderData, href, Link } from "react-router";
import { ROLE } from "#contract/accounts-rules";
import { gstSummaryCall, gstSummaryFileUrl, ordersExportCall, type GstSummary } from "#contract/books";
import { formatRupeesExact } from "#contract/money";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { privatePageHeaders } from "~/lib/page-headers";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/books";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Books for the accountant",
    description: "The month's GST summary and the orders export.",
    url: absoluteUrl(matches, href("/admin/books")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** Today in India, as "2026-11-27". */
const indianToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** ?month=2026-11: the super admin's books (decision 036). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, [ROLE.superAdmin]);
  const params = new URL(request.url).searchParams;
  const today = indianToday();
  const month = params.get("month") || today.slice(0, 7);
  const result = await context.api(gstSummaryCall, { month });
  return {
    month,
    today,
    summary: result.ok ? result.data : null,
    error: result.ok ? null : result.errors?.month || result.message,
  };
}

const PANEL = "mt-6 rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:p-6";
const CELL = "px-3 py-2 text-right whitespace-nowrap";
const HEAD = "px-3 py-2 font-semibold whitespace-nowrap";
const INPUT = "h-11 rounded-lg border border-brand-200 bg-white px-3";

type Amounts = Pick<GstSummary["net"], "taxableValue" | "cgst" | "sgst" | "igst" | "total">;
const AMOUNT_HEADS = ["Taxable value", "CGST", "SGST", "IGST", "Total"];
const amountCells = (row: Amounts) =>
  [row.taxableValue, row.cgst, row.sgst, row.igst, row.total].map((amount, index) => (
    <td key={index} className={CELL}>
      {formatRupeesExact(amount)}
    </td>
  ));

/** A table of the summary, scrolling sideways on a phone. */
function SummaryTable({
  caption,
  heads,
  children,
}: {
  caption: string;
  heads: string[];
  children: ReactNode;
}) {
  return (
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50">
          <tr>
            {heads.map((head, index) => (
              <th key={head} scope="col" className={`${HEAD} ${index < 2 ? "text-left" : "text-right"}`}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-100">{children}</tbody>
      </table>
    </div>
  );
}

/** The owner's books: the month's GST summary with its downloads, and the orders of a range of days. */
export default function Books() {
  const { month, today, summary, error } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={href("/admin-dashboard")} className={TEXT_LINK}>
          Admin Dashboard
        </Link>{" "}
        / Books
      </nav>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Books for the accountant</h1>
      <p className="mt-2 text-muted">
        The month's GST summary for the return, read from the invoices and credit notes as they were issued:
        its totals are those of the PDFs.
      </p>

      <Form method="get" className={`${PANEL} flex flex-wrap items-end gap-3`} aria-label="Choose a month">
        <div className="flex flex-col gap-1">
          <label htmlFor="books-month" className="text-sm font-semibold">
            Month
          </label>
          <input
            id="books-month"
            name="month"
            type="month"
            defaultValue={month}
            max={today.slice(0, 7)}
            required
            className={INPUT}
          />
        </div>
        <button type="submit" className={`${BUTTON_PRIMARY} py-2`}>
          Show
        </button>
        {summary && (
          <>
            <a
              href={gstSummaryFileUrl(summary.month, "xlsx")}
              className={`${BUTTON_SECONDARY} py-2`}
              download
            >
              Download spreadsheet (.xlsx)
            </a>
            <a href={gstSummaryFileUrl(summary.month, "csv")} className={`${BUTTON_SECONDARY} py-2`} download>
              Download CSV
            </a>
          </>
        )}
      </Form>

      {error ? (
        <FormNotice tone="error" className="mt-6">
          <p role="alert">{error}</p>
        </FormNotice>
      ) : summary ? (
        <>
          <section aria-labelledby="totals-heading" className={PANEL}>
            <h2 id="totals-heading" className="text-xl font-bold">
              {summary.month}: {summary.invoices.count} invoices, {summary.creditNotes.count} credit notes
            </h2>
            <SummaryTable caption="Totals of the month" heads={["", "Documents", ...AMOUNT_HEADS]}>
              <tr>
                <th scope="row" className={`${HEAD} text-left`}>
                  Invoices
                </th>
                <td className={`${CELL} text-left`}>{summary.invoices.count}</td>
                {amountCells(summary.invoices)}
              </tr>
              <tr>
                <th scope="row" className={`${HEAD} text-left`}>
                  Credit notes
                </th>
                <td className={`${CELL} text-left`}>{summary.creditNotes.count}</td>
                {amountCells(summary.creditNotes)}
              </tr>
              <tr className="font-bold">
                <th scope="row" className={`${HEAD} text-left`}>
                  Net
                </th>
                <td className={CELL} />
                {amountCells(summary.net)}
              </tr>
            </SummaryTable>
            {summary.series.length > 0 && (
              <p className="mt-3 text-sm text-muted">
                {summary.series
                  .map(
                    (row) =>
                      `${row.kind === "invoice" ? "Invoices" : "Credit notes"} ${row.from} to ${row.to} (${row.count})`,
                  )
                  .join("; ")}
              </p>
            )}
          </section>

          <section aria-labelledby="b2c-heading" className={PANEL}>
            <h2 id="b2c-heading" className="text-xl font-bold">
              B2C sales by place of supply and rate
            </h2>
            {summary.b2c.length === 0 ? (
              <p className="mt-2 text-muted">No invoice or credit note was issued this month.</p>
            ) : (
              <SummaryTable
                caption="B2C sales by place of supply and rate"
                heads={["Place of supply", "Rate", ...AMOUNT_HEADS]}
              >
                {summary.b2c.map((row) => (
                  <tr key={`${row.placeOfSupply}-${row.rate}`}>
                    <td className="px-3 py-2">{row.placeOfSupply}</td>
                    <td className="px-3 py-2">{row.rate}%</td>
                    {amountCells(row)}
                  </tr>
                ))}
              </SummaryTable>
            )}
          </section>

          <section aria-labelledby="hsn-heading" className={PANEL}>
            <h2 id="hsn-heading" className="text-xl font-bold">
              HSN summary
            </h2>
            {summary.hsn.length > 0 && (
              <SummaryTable caption="HSN summary" heads={["HSN", "Rate", "Pieces", ...AMOUNT_HEADS]}>
                {summary.hsn.map((row) => (
                  <tr key={`${row.hsn}-${row.rate}`}>
                    <td className="px-3 py-2">{row.hsn}</td>
                    <td className="px-3 py-2">{row.rate}%</td>
                    <td className={CELL}>{row.quantity}</td>
                    {amountCells(row)}
                  </tr>
                ))}
              </SummaryTable>
            )}
            <p className="mt-3 text-sm text-muted">
              Each invoice and credit note, with its number, is in the downloads.
            </p>
          </section>
        </>
      ) : null}

      <section aria-labelledby="export-heading" className={PANEL}>
        <h2 id="export-heading" className="text-xl font-bold">
          Orders export
        </h2>
        <p className="mt-1 text-sm text-muted">
          Every order placed in these days (India's time), with its customer, amounts and GST documents, as
          CSV; at most 366 days at a time.
        </p>
        <form
          method="get"
          action={`/api${ordersExportCall.path}`}
          className="mt-3 flex flex-wrap items-end gap-3"
          aria-label="Export orders"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="export-from" className="text-sm font-semibold">
              From
            </label>
            <input
              id="export-from"
              name="from"
              type="date"
              required
              defaultValue={`${month}-01`}
              max={today}
              className={INPUT}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="export-to" className="text-sm font-semibold">
              To
            </label>
            <input
              id="export-to"
              name="to"
              type="date"
              required
              defaultValue={today}
              max={today}
              className={INPUT}
            />
          </div>
          <button type="submit" className={`${BUTTON_PRIMARY} py-2`}>
            Download orders (CSV)
          </button>
        </form>
      </section>
    </div>
  );
}
