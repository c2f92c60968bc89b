import { useLoaderData, href, Link } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import { ORDER_MESSAGES } from "#contract/orders-rules";
import { orderDetailsCall } from "#contract/staff-orders";
import { STORE } from "#contract/store";
import { MEASUREMENT_LABELS, MEASUREMENTS, UNIT_NAMES } from "#contract/tailoring-rules";
import { formatDate, formatMobile, formatMoment } from "~/accounts/format";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/tailor-ticket";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({
    title: `Tailor's ticket, order #${params.id}`,
    description: "What the tailor makes for an order.",
    noindex: true,
  });

export const headers = privatePageHeaders;

const SUBHEADING = "font-sans text-sm font-semibold text-muted print:text-black";
export const shouldRevalidate = keepThroughLogout;

/** Staff only (the API says so too): the order as staff see it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const result = await context.api(orderDetailsCall, { id: params.id });
  if (result.ok) return { order: result.data.order };
  if (result.status === 404 || result.status === 400)
    throw new Response(ORDER_MESSAGES.notFound, { status: 404 });
  throw new Response(result.message, { status: result.status || 502 });
}

/**
 * The tailor's ticket: a page to print on A4 and keep with the pieces, one block per customised line with
 * what to make, the measurements and the note, and a box to tick when it is done.
 */
export default function TailorTicket() {
  const { order } = useLoaderData<typeof loader>();
  const lines = order.items.filter((item) => item.customization !== null);
  const address = order.shippingAddress;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0 print:text-black">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={href("/orders/:id", { id: order.orderId })} className={`${BUTTON_SECONDARY} py-2`}>
          Back to the order
        </Link>
        <button type="button" onClick={() => window.print()} className={`${BUTTON_PRIMARY} py-2`}>
          Print
        </button>
      </div>

      <header className="border-b-2 border-ink pb-3">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase print:text-black">
          {STORE.name}
        </p>
        <h1 className="text-2xl font-bold wrap-anywhere">Tailor's ticket · Order #{order.orderId}</h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr] print:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="font-semibold">Placed</dt>
          <dd>{formatDate(order.createdAt)}</dd>
          <dt className="font-semibold">Shopper</dt>
          <dd className="wrap-anywhere">{address.fullName}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd className="whitespace-nowrap">{formatMobile(address.phone)}</dd>
          <dt className="font-semibold">Pieces</dt>
          <dd>
            {lines.reduce((sum, item) => sum + item.quantity, 0)} to tailor, in {lines.length}{" "}
            {lines.length === 1 ? "line" : "lines"}
          </dd>
        </dl>
      </header>

      {lines.length === 0 ? (
        <p className="mt-6 text-lg">This order has no tailoring.</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {lines.map((item, index) => {
            const { options, unit, measurements, note, doneAt } = item.customization!;
            const measured = MEASUREMENTS.filter((measurement) => measurements[measurement] !== undefined);
            const headingId = `ticket-line-${item.id}`;
            return (
              <li
                key={item.id}
                aria-labelledby={headingId}
                className="break-inside-avoid rounded-xl bg-white p-4 ring-1 ring-brand-100 print:rounded-none print:p-3 print:ring-black"
              >
                <div className="flex items-start gap-3">
                  <LineImage
                    src={item.image}
                    width={60}
                    height={80}
                    className="h-20 w-15 shrink-0 rounded print:rounded-none"
                  />
                  <div className="min-w-0 flex-1">
                    <h2 id={headingId} className="text-lg font-bold wrap-anywhere">
                      {index + 1}. {item.name}
                    </h2>
                    <p className="text-sm">
                      Size <strong>{item.size}</strong> · Quantity <strong>{item.quantity}</strong>
                    </p>
                  </div>
                  <p className="shrink-0 text-right text-sm font-semibold">
                    {doneAt ? (
                      <>
                        Done on
                        <br />
                        <span className="font-normal">{formatMoment(doneAt)}</span>
                      </>
                    ) : (
                      <>
                        Done{" "}
                        <span aria-hidden="true" className="align-middle text-3xl leading-none">
                          ☐
                        </span>
                        <span className="sr-only">: not yet</span>
                      </>
                    )}
                  </p>
                </div>

                <div className="mt-3 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
                  <div>
                    <h3 className={SUBHEADING}>Customisations</h3>
                    <ul className="mt-1 list-inside list-disc">
                      {options.map((option) => (
                        <li key={option.name}>{option.name}</li>
                      ))}
                    </ul>
                    <h3 className={`mt-3 ${SUBHEADING}`}>Note</h3>
                    <p className="mt-1 wrap-anywhere whitespace-pre-line">{note || "No note."}</p>
                  </div>
                  {measured.length > 0 ? (
                    <div>
                      <h3 id={`${headingId}-measurements`} className={SUBHEADING}>
                        Measurements ({UNIT_NAMES[unit]})
                      </h3>
                      <table aria-labelledby={`${headingId}-measurements`} className="mt-1 w-full text-left">
                        <thead className="sr-only">
                          <tr>
                            <th scope="col">Measurement</th>
                            <th scope="col">Value</th>
                          </tr>
                        </thead>
                        <tbody className="divide-y divide-brand-100 print:divide-black/30">
                          {measured.map((measurement) => (
                            <tr key={measurement}>
                              <th scope="row" className="py-1 pr-3 font-normal">
                                {MEASUREMENT_LABELS[measurement]}
                              </th>
                              <td className="py-1 text-right font-semibold tabular-nums">
                                {measurements[measurement]} {unit}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : (
                    <p className="text-muted print:text-black">No measurements needed.</p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
