import type { ReactNode } from "react";
import { WhatsAppMonthLine } from "~/admin/whatsapp-month";
import { useLoaderData, href, Link } from "react-router";
import { ROLE, STAFF_ROLES } from "#contract/accounts-rules";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { privatePageHeaders } from "~/lib/page-headers";
import { BagIcon, LedgerIcon, PlusIcon, RulerIcon, StarIcon, TruckIcon, UserIcon } from "~/components/icons";
import { formatRupees } from "#contract/money";
import { sizeText } from "#contract/catalog-options";
import { FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { dashboardCall, LOW_STOCK_PAGE_SIZE, lowStockCall, type Dashboard } from "#contract/staff-orders";
import { orderViewHref } from "~/orders/order-views";
import { staffGrievancesCall } from "#contract/grievances";
import { ComplaintsPanel } from "~/grievances/complaints-panel";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Admin Dashboard",
    description: "Run the store: products, orders and staff.",
    url: absoluteUrl(matches, location.pathname),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** /admin-dashboard and /dashboard: the staff's start page; ?lowPage= pages through the sizes low in stock. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, STAFF_ROLES);
  const lowPage = Math.min(
    100_000,
    Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("lowPage") ?? "", 10) || 1),
  );
  // The dashboard's answer holds the first page of the sizes low in stock; a later page is asked for apart.
  const [result, later, complaints] = await Promise.all([
    context.api(dashboardCall),
    lowPage > 1 ? context.api(lowStockCall, { page: lowPage, limit: LOW_STOCK_PAGE_SIZE }) : null,
    // Complaints near or past the grievance officer's limits (decision 044).
    context.api(staffGrievancesCall, { view: "attention", page: 1 }),
  ]);
  const numbers = result.ok ? result.data : null;
  return {
    fullName: user.fullName,
    roleId: user.roleId,
    numbers,
    lowStock: later ? (later.ok ? later.data : []) : (numbers?.lowStock ?? []),
    attention: complaints.ok ? complaints.data : null,
    lowPage,
    lowPages: numbers ? Math.max(1, Math.ceil(numbers.lowStockTotal / LOW_STOCK_PAGE_SIZE)) : 1,
    error: result.ok
      ? later && !later.ok
        ? later.message || "The sizes low in stock could not be fetched."
        : null
      : result.message || "The dashboard's numbers could not be fetched.",
  };
}

/** A page of the sizes low in stock, scrolled to its list. */
const lowPageHref = (page: number) =>
  `${href("/admin-dashboard")}${page > 1 ? `?lowPage=${page}` : ""}#low-heading`;

const PANEL = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100";

type Card = { to: string; title: string; text: string; icon: ReactNode };

export default function AdminDashboard() {
  const { fullName, roleId, numbers, lowStock, lowPage, lowPages, error, attention } =
    useLoaderData<typeof loader>();
  const cards: Card[] = [
    {
      to: href("/admin/products"),
      title: "Products",
      text: "Find any product, hidden ones too, edit it or set its stock.",
      icon: <BagIcon />,
    },
    {
      to: href("/admin/received-orders"),
      title: "Received Orders",
      text: "See the orders shoppers have paid for and open their details.",
      icon: <TruckIcon />,
    },
    ...(roleId === ROLE.superAdmin
      ? [
          {
            to: href("/super-admin-dashboard"),
            title: "Staff and customers",
            text: "See every account, make a customer an admin or take it back.",
            icon: <UserIcon />,
          },
          {
            to: href("/admin/books"),
            title: "Books for the accountant",
            text: "The month's GST summary as a spreadsheet or CSV, and the orders of any days.",
            icon: <LedgerIcon />,
          },
          {
            to: href("/admin/payments"),
            title: "Payments",
            text: "Which PhonePe the store uses, and the sandbox's credentials when it runs on it.",
            icon: <LedgerIcon />,
          },
        ]
      : []),
    {
      to: href("/admin/grievances"),
      title: "Complaints",
      text: "Acknowledge, answer and resolve shoppers' complaints within the law's limits.",
      icon: <UserIcon />,
    },
    {
      to: href("/admin/reviews"),
      title: "Reviews",
      text: "Approve shoppers' reviews before they show, or hide one.",
      icon: <StarIcon />,
    },
    {
      to: href("/admin/size-charts"),
      title: "Size charts",
      text: "Set the measurements the Size Guide shows for each category.",
      icon: <RulerIcon />,
    },
    {
      to: href("/products"),
      title: "View the shop",
      text: "See the catalog as shoppers see it.",
      icon: <BagIcon />,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Staff area</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Namaste, {fullName}! What would you like to do today?</p>
        </div>
        <Link to={href("/addproduct")} className={`${BUTTON_PRIMARY} shadow-sm sm:px-8`}>
          <PlusIcon size={20} />
          Add New Product
        </Link>
      </div>

      <ComplaintsPanel attention={attention} />

      {error ? (
        <FormNotice tone="error" className="mt-8">
          {error}
        </FormNotice>
      ) : numbers ? (
        <>
          {numbers.refundsNeedingAttention.total > 0 && (
            <section
              aria-labelledby="refunds-heading"
              className="mt-8 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300"
            >
              <h2 id="refunds-heading" className="text-lg font-bold text-amber-950">
                {numbers.refundsNeedingAttention.total === 1
                  ? "A refund needs you"
                  : `${numbers.refundsNeedingAttention.total} refunds need you`}
              </h2>
              <p className="mt-1 text-sm text-amber-950">
                PhonePe refused these refunds or never finished them: the shoppers have not had their money
                back. On each order&apos;s page, ask PhonePe again or record that you paid it another way.
              </p>
              <ul className="mt-3 divide-y divide-amber-200 text-sm">
                {numbers.refundsNeedingAttention.orders.map((order) => (
                  <li
                    key={order.orderId}
                    className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between sm:gap-4"
                  >
                    <span className="wrap-anywhere">
                      <Link to={href("/orders/:id", { id: order.orderId })} className={TEXT_LINK}>
                        {order.orderId}
                      </Link>{" "}
                      · {order.fullName} · <span className="text-muted">{order.failureReason}</span>
                    </span>
                    <span className="font-bold whitespace-nowrap">{formatRupees(order.amount)}</span>
                  </li>
                ))}
              </ul>
              {numbers.refundsNeedingAttention.total > numbers.refundsNeedingAttention.orders.length && (
                <Link
                  to={`${href("/admin/received-orders")}?attention=refund`}
                  className={`${TEXT_LINK} mt-2 inline-block text-sm`}
                >
                  See all {numbers.refundsNeedingAttention.total}
                </Link>
              )}
            </section>
          )}

          <section aria-labelledby="today-heading" className="mt-8">
            <h2 id="today-heading" className="sr-only">
              Today at a glance
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              <div className={`${PANEL} flex flex-col gap-1`}>
                <dt className="text-sm font-semibold text-muted">Orders to ship</dt>
                <dd className="text-3xl font-bold">{numbers.toShip}</dd>
                <dd>
                  <Link
                    to={`${href("/admin/received-orders")}?status=Processing`}
                    className={`${TEXT_LINK} text-sm`}
                  >
                    See orders to ship
                  </Link>
                </dd>
              </div>
              <div className={`${PANEL} flex flex-col gap-1`}>
                <dt className="text-sm font-semibold text-muted">Paid sales today</dt>
                <dd className="text-3xl font-bold">{formatRupees(numbers.salesToday)}</dd>
                <dd>
                  <Link
                    to={orderViewHref("all", { paidFrom: numbers.today, paidTo: numbers.today })}
                    className={`${TEXT_LINK} text-sm`}
                  >
                    See today's paid orders
                  </Link>
                </dd>
              </div>
              <div className={`${PANEL} flex flex-col gap-1`}>
                <dt className="text-sm font-semibold text-muted">Paid sales this week</dt>
                <dd className="text-3xl font-bold">{formatRupees(numbers.salesThisWeek)}</dd>
                <dd>
                  <Link
                    to={orderViewHref("all", { paidFrom: numbers.weekFrom, paidTo: numbers.today })}
                    className={`${TEXT_LINK} text-sm`}
                  >
                    See this week's paid orders
                  </Link>
                </dd>
              </div>
            </dl>
          </section>

          <WhatsAppMonthLine month={numbers.whatsapp} className={`${PANEL} mt-4`} />

          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <section aria-labelledby="best-heading" className={PANEL}>
              <h2 id="best-heading" className="text-lg font-bold">
                Best sellers, last 30 days
              </h2>
              {numbers.bestSellers.length === 0 ? (
                <p className="mt-2 text-sm text-muted">No paid orders in the last 30 days.</p>
              ) : (
                <ol className="mt-3 divide-y divide-brand-100 text-sm">
                  {numbers.bestSellers.map((product) => (
                    <li key={product.productId} className="flex justify-between gap-3 py-2">
                      <Link
                        to={href("/products/:id", { id: String(product.productId) })}
                        className={TEXT_LINK}
                      >
                        {product.name}
                      </Link>
                      <span className="whitespace-nowrap">{product.quantity} sold</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section aria-labelledby="low-heading" className={PANEL}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id="low-heading" className="text-lg font-bold">
                  Sizes low in stock{" "}
                  <span className="text-base font-normal text-muted">({numbers.lowStockTotal})</span>
                </h2>
                {numbers.lowStockTotal > 0 && (
                  <p className="flex gap-3 text-sm">
                    <Link to={`${href("/admin/products")}?stock=low&sort=stock`} className={TEXT_LINK}>
                      Products low in stock
                    </Link>
                    <Link to={`${href("/admin/products")}?stock=sold-out`} className={TEXT_LINK}>
                      Sold out
                    </Link>
                  </p>
                )}
              </div>
              {lowStock.length === 0 ? (
                <p className="mt-2 text-sm text-muted">
                  {numbers.lowStockTotal === 0
                    ? "Every size has more than 5 pieces."
                    : "No sizes on this page."}
                </p>
              ) : (
                <ul className="mt-3 divide-y divide-brand-100 text-sm">
                  {lowStock.map((line) => (
                    <li key={`${line.productId}-${line.size}`} className="flex justify-between gap-3 py-2">
                      <Link
                        to={href("/admin/products/:id/edit", { id: String(line.productId) })}
                        className={TEXT_LINK}
                      >
                        {line.name}, size {sizeText(line.size)}
                      </Link>
                      <span
                        className={`whitespace-nowrap ${line.stock === 0 ? "font-bold text-red-800" : ""}`}
                      >
                        {line.stock === 0 ? "Sold out" : `${line.stock} left`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {lowPages > 1 && (
                <nav
                  aria-label="Pages of sizes low in stock"
                  className="mt-3 flex items-center gap-3 text-sm"
                >
                  {lowPage > 1 ? (
                    <Link to={lowPageHref(lowPage - 1)} className={TEXT_LINK}>
                      Previous
                    </Link>
                  ) : (
                    <span aria-disabled="true" className="text-muted">
                      Previous
                    </span>
                  )}
                  <span>
                    Page {lowPage} of {lowPages}
                  </span>
                  {lowPage < lowPages ? (
                    <Link to={lowPageHref(lowPage + 1)} className={TEXT_LINK}>
                      Next
                    </Link>
                  ) : (
                    <span aria-disabled="true" className="text-muted">
                      Next
                    </span>
                  )}
                </nav>
              )}
            </section>
          </div>
          <ReturnsByMonth months={numbers.returnsByMonth} />
        </>
      ) : null}

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="flex h-full gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 transition hover:shadow-md hover:ring-brand-200 sm:p-6"
            >
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
              >
                {card.icon}
              </span>
              <div>
                <h2 className="text-lg font-bold text-ink">{card.title}</h2>
                <p className="mt-1 text-sm text-muted">{card.text}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The courier's parcels returned to the shop (RTO) against those delivered, month by month (decision 050). */
function ReturnsByMonth({ months }: { months: Dashboard["returnsByMonth"] }) {
  const rate = (returned: number, delivered: number) =>
    returned + delivered === 0 ? "—" : `${Math.round((returned / (returned + delivered)) * 1000) / 10}%`;
  return (
    <section aria-labelledby="returns-heading" className={`${PANEL} mt-4`}>
      <h2 id="returns-heading" className="text-lg font-bold">
        Parcels returned to us (RTO)
      </h2>
      {months.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No parcel shipped with Delhivery has ended its journey yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Returns by month">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Month
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Delivered
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Returned
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  RTO rate
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Cash orders' rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {MONTHS.format(new Date(`${month.month}-15T00:00:00+05:30`))}
                  </th>
                  <td className="py-2 pr-3 text-right">{month.delivered}</td>
                  <td className="py-2 pr-3 text-right">{month.returned}</td>
                  <td className="py-2 pr-3 text-right font-semibold">
                    {rate(month.returned, month.delivered)}
                  </td>
                  <td className="py-2 text-right">{rate(month.cashReturned, month.cashDelivered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const MONTHS = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
