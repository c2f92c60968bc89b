import { Form, useLoaderData, href, Link } from "react-router";
import type { ZodType } from "zod";
import { formatRupees } from "#contract/money";
import { adminOrdersCall, adminOrdersQuery } from "#contract/staff-orders";
import { ADMIN_ORDERS_PAGE_SIZE } from "#contract/staff-orders-rules";
import { STAFF_ROLES } from "#contract/accounts-rules";
import { formatDate, formatMoment } from "~/accounts/format";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { privatePageHeaders } from "~/lib/page-headers";
import { FormNotice } from "~/components/form-field";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import {
  OrderStatusBadge,
  OrderWorkBadges,
  PaymentStatusBadge,
  RefundAttentionBadge,
} from "~/orders/order-badges";
import { ORDER_VIEWS, orderViewHref, orderViewOf, type OrderViewId } from "~/orders/order-views";
import type { Route } from "./+types/received-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Received Orders",
    description: "The orders the store has received.",
    url: absoluteUrl(matches, href("/admin/received-orders")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/**
 * ?show=&search=&paidFrom=&paidTo=&page=: one page (10 orders, spec section 9) of a view of the orders, newest
 * first; the orders that need work unless another view, a search or days of payment are asked for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const params = new URL(request.url).searchParams;
  const view = orderViewOf(params);
  // Each parameter read by the call's own schema; one it refuses is left out, as if not given.
  const read = <Value,>(name: string, schema: ZodType<Value>) => {
    const parsed = schema.safeParse(params.get(name) ?? undefined);
    return parsed.success ? parsed.data : undefined;
  };
  const fields = adminOrdersQuery.shape;
  const search = read("search", fields.search) ?? "";
  const paidFrom = read("paidFrom", fields.paidFrom) ?? "";
  const paidTo = read("paidTo", fields.paidTo) ?? "";
  const page = read("page", fields.page) ?? 1;
  const shown = { view: view.id, viewChosen: view.chosen, search, paidFrom, paidTo, page };
  const result = await context.api(adminOrdersCall, {
    page,
    limit: ADMIN_ORDERS_PAGE_SIZE,
    ...ORDER_VIEWS.find((candidate) => candidate.id === view.id)!.query,
    ...(search ? { search } : {}),
    ...(paidFrom ? { paidFrom } : {}),
    ...(paidTo ? { paidTo } : {}),
  });
  if (!result.ok)
    return {
      ...shown,
      orders: [],
      pages: 1,
      total: 0,
      error: result.message || "Failed to fetch orders",
    };
  const { total, limit } = result.pagination;
  return {
    ...shown,
    orders: result.data,
    pages: Math.max(1, Math.ceil(total / limit)),
    total,
    error: null,
  };
}

type Shown = {
  view: OrderViewId;
  viewChosen: boolean;
  search: string;
  paidFrom: string;
  paidTo: string;
  page: number;
};

/** The address of what is shown with some of it changed. */
const hrefOf = (shown: Shown, change: Partial<Shown>) => {
  const next = { ...shown, ...change };
  const extra: Record<string, string> = {};
  if (next.search) extra.search = next.search;
  if (next.paidFrom) extra.paidFrom = next.paidFrom;
  if (next.paidTo) extra.paidTo = next.paidTo;
  if (next.page > 1) extra.page = String(next.page);
  if (!next.viewChosen) {
    const text = new URLSearchParams(extra).toString();
    return `${href("/admin/received-orders")}${text ? `?${text}` : ""}`;
  }
  return orderViewHref(next.view, extra);
};

/** 28 Nov 2026 from 2026-11-28, as India's calendar has it. */
const dayText = (day: string) => formatDate(`${day}T12:00:00+05:30`);

/** Staff's words for the days of payment asked for (the dashboard's sales). */
const paidText = (from: string, to: string) =>
  from && to
    ? from === to
      ? `paid on ${dayText(from)}`
      : `paid from ${dayText(from)} to ${dayText(to)}`
    : from
      ? `paid on or after ${dayText(from)}`
      : `paid on or before ${dayText(to)}`;

const PAGE_LINK = "rounded-full px-5 py-2 text-sm font-semibold ring-1";
const CELL = "px-3 py-3 align-middle";

export default function ReceivedOrders() {
  const { orders, pages, total, error, ...shown } = useLoaderData<typeof loader>();
  const { view, search, paidFrom, paidTo, page } = shown;
  const step = (to: number, label: string) =>
    to >= 1 && to <= pages ? (
      <Link
        to={hrefOf(shown, { page: to })}
        className={`${PAGE_LINK} bg-white text-brand-700 ring-brand-200 hover:bg-brand-50`}
      >
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${PAGE_LINK} text-muted ring-brand-100`}>
        {label}
      </span>
    );
  const viewLabel = ORDER_VIEWS.find((candidate) => candidate.id === view)!.label;
  const filtered = shown.viewChosen || search || paidFrom || paidTo;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Staff area</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Received Orders</h1>
        </div>
        <Link to={href("/admin-dashboard")} className={`${BUTTON_SECONDARY} self-start sm:self-auto`}>
          Admin Dashboard
        </Link>
      </div>

      <nav aria-label="Views of the orders" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {ORDER_VIEWS.map((candidate) => (
            <li key={candidate.id}>
              <Link
                to={hrefOf(shown, { view: candidate.id, viewChosen: true, page: 1 })}
                aria-current={candidate.id === view ? "page" : undefined}
                className={`inline-flex rounded-full px-4 py-2 text-sm font-semibold ring-1 ${
                  candidate.id === view
                    ? "bg-brand-600 text-white ring-brand-600"
                    : "bg-white text-brand-700 ring-brand-200 hover:bg-brand-50"
                }`}
              >
                {candidate.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {/* A plain GET form: searching works before (or without) JavaScript. A view chosen stays chosen. */}
      <Form
        method="get"
        role="search"
        aria-label="Find orders"
        className="mt-4 flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:flex-row sm:items-end"
      >
        {shown.viewChosen && <input type="hidden" name="show" value={view} />}
        {paidFrom && <input type="hidden" name="paidFrom" value={paidFrom} />}
        {paidTo && <input type="hidden" name="paidTo" value={paidTo} />}
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="order-search" className="text-sm font-semibold">
            Order ID, name, e-mail or phone
          </label>
          <input
            id="order-search"
            name="search"
            type="search"
            maxLength={100}
            defaultValue={search}
            aria-describedby="order-search-hint"
            className="h-11 rounded-lg border border-brand-200 px-3"
          />
          <p id="order-search-hint" className="text-xs text-muted">
            A phone as you have it: 98480 12345, +91 98480 12345 or a part of it.
          </p>
        </div>
        <div className="flex gap-2 sm:mb-5">
          <button type="submit" className={`${BUTTON_PRIMARY} py-2`}>
            Find
          </button>
          {filtered && (
            <Link to={href("/admin/received-orders")} className={`${BUTTON_SECONDARY} py-2`}>
              Clear
            </Link>
          )}
        </div>
      </Form>

      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {error
          ? ""
          : `${viewLabel}${paidFrom || paidTo ? `, ${paidText(paidFrom, paidTo)} and not cancelled` : ""}${
              search ? `, matching “${search}”` : ""
            }: ${total} ${total === 1 ? "order" : "orders"}`}
      </p>

      {error ? (
        <FormNotice tone="error" className="mt-4">
          {error}
        </FormNotice>
      ) : orders.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white px-6 py-12 text-center text-muted ring-1 ring-brand-100">
          No completed orders found.
          {view === "needs-work" && !search && !paidFrom && !paidTo ? (
            <span className="mt-1 block">Every paid order has shipped.</span>
          ) : null}
        </p>
      ) : (
        <>
          {/* On a phone each order is a card; from the md breakpoint up, the spec's table. */}
          <ul className="mt-4 flex flex-col gap-3 md:hidden">
            {orders.map((order) => (
              <li key={order.orderId}>
                <article
                  aria-label={`Order ${order.orderId}`}
                  className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100"
                >
                  <LineImage
                    src={order.image}
                    width={48}
                    height={64}
                    className="h-16 w-12 shrink-0 rounded"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold break-all">{order.orderId}</p>
                    <p className="text-muted">
                      {order.shippingAddress.fullName} · <PlacedAt iso={order.createdAt} />
                    </p>
                    <p className="mt-2 flex flex-wrap items-center gap-2">
                      <OrderStatusBadge status={order.orderStatus} />
                      <PaymentStatusBadge status={order.paymentStatus} />
                      {order.refundNeedsAttention && <RefundAttentionBadge />}
                      <OrderWorkBadges order={order} />
                      <span>{order.paymentMethod || "N/A"}</span>
                    </p>
                    <p className="mt-2 flex items-center justify-between gap-2">
                      <span className="font-bold">{formatRupees(order.totalAmount)}</span>
                      <Link
                        to={href("/orders/:id", { id: order.orderId })}
                        className={TEXT_LINK}
                        aria-label={`View Details of order ${order.orderId}`}
                      >
                        View Details
                      </Link>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <div
            className="mt-4 hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-brand-100 md:block"
            tabIndex={0}
            role="region"
            aria-label="Orders table"
          >
            <table className="w-full min-w-[52rem] text-left text-sm">
              <caption className="sr-only">
                Received orders, page {page} of {pages}
              </caption>
              <thead className="bg-brand-50 text-ink">
                <tr>
                  <th scope="col" className={CELL}>
                    Image
                  </th>
                  <th scope="col" className={CELL}>
                    Order
                  </th>
                  <th scope="col" className={CELL}>
                    Payment Method
                  </th>
                  <th scope="col" className={CELL}>
                    Payment Status
                  </th>
                  <th scope="col" className={CELL}>
                    Order Status
                  </th>
                  <th scope="col" className={`${CELL} text-right`}>
                    Total Amount
                  </th>
                  <th scope="col" className={CELL}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-brand-100">
                {orders.map((order) => (
                  <tr key={order.orderId}>
                    <td className={CELL}>
                      <LineImage src={order.image} width={48} height={64} className="h-16 w-12 rounded" />
                    </td>
                    <td className={CELL}>
                      <span className="font-semibold">{order.orderId}</span>
                      <br />
                      <span className="text-muted">
                        {order.shippingAddress.fullName} · <PlacedAt iso={order.createdAt} />
                      </span>
                    </td>
                    <td className={CELL}>{order.paymentMethod || "N/A"}</td>
                    <td className={CELL}>
                      <span className="flex flex-wrap gap-1">
                        <PaymentStatusBadge status={order.paymentStatus} />
                        {order.refundNeedsAttention && <RefundAttentionBadge />}
                      </span>
                    </td>
                    <td className={CELL}>
                      <span className="flex flex-wrap items-center gap-1.5">
                        <OrderStatusBadge status={order.orderStatus} />
                        <OrderWorkBadges order={order} />
                      </span>
                    </td>
                    <td className={`${CELL} text-right whitespace-nowrap`}>
                      {formatRupees(order.totalAmount)}
                    </td>
                    <td className={CELL}>
                      <Link
                        to={href("/orders/:id", { id: order.orderId })}
                        className={`${TEXT_LINK} whitespace-nowrap`}
                        aria-label={`View Details of order ${order.orderId}`}
                      >
                        View Details
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
        {step(page - 1, "Previous")}
        <span className="text-sm font-medium">Page {page}</span>
        {step(page + 1, "Next")}
      </nav>
    </div>
  );
}

/** When the order was placed, with the time of day, in India's time. */
function PlacedAt({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatMoment(iso)} IST
    </time>
  );
}
