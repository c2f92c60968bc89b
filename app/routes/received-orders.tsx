import { Form, useLoaderData } from "react-router";
import { formatRupees } from "#contract/money";
import { ORDER_STATUSES, type OrderStatus } from "#contract/orders";
import { adminOrdersCall, ADMIN_ORDERS_PAGE_SIZE } from "#contract/staff-orders";
import { STAFF_ROLES } from "#contract/accounts-rules";
import { formatDate } from "~/accounts/format";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/private-page";
import { privatePageHeaders } from "~/lib/page-headers";
import { FormNotice } from "~/components/form-field";
import { Link } from "~/components/navigation";
import { LineImage } from "~/components/picture";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { OrderStatusBadge, PaymentStatusBadge, RefundAttentionBadge } from "~/orders/order-badges";
import type { Route } from "./+types/received-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Received Orders",
    description: "The orders the store has received.",
    url: absoluteUrl(matches, "/admin/received-orders"),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** ?status=&attention=refund&search=&page=: one page (10 orders, spec section 9) of every shopper's orders, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const params = new URL(request.url).searchParams;
  const status = ORDER_STATUSES.find((name) => name === params.get("status"));
  const attention = params.get("attention") === "refund" ? ("refund" as const) : undefined;
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1));
  const result = await context.api(adminOrdersCall, {
    page,
    limit: ADMIN_ORDERS_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(attention ? { attention } : {}),
    ...(search ? { search } : {}),
  });
  if (!result.ok)
    return {
      status,
      attention,
      search,
      page,
      orders: [],
      pages: 1,
      total: 0,
      error: result.message || "Failed to fetch orders",
    };
  const { total, limit } = result.pagination;
  return {
    status,
    attention,
    search,
    page,
    orders: result.data,
    pages: Math.max(1, Math.ceil(total / limit)),
    total,
    error: null,
  };
}

const hrefOf = (query: {
  status: OrderStatus | undefined;
  attention: "refund" | undefined;
  search: string;
  page: number;
}) => {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.attention) params.set("attention", query.attention);
  if (query.search) params.set("search", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return `/admin/received-orders${text ? `?${text}` : ""}`;
};

const PAGE_LINK = "rounded-full px-5 py-2 text-sm font-semibold ring-1";
const CELL = "px-3 py-3 align-middle";

export default function ReceivedOrders() {
  const { status, attention, search, page, orders, pages, total, error } = useLoaderData<typeof loader>();
  const step = (to: number, label: string) =>
    to >= 1 && to <= pages ? (
      <Link
        to={hrefOf({ status, attention, search, page: to })}
        className={`${PAGE_LINK} bg-white text-brand-700 ring-brand-200 hover:bg-brand-50`}
      >
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${PAGE_LINK} text-muted ring-brand-100`}>
        {label}
      </span>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Staff area</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Received Orders</h1>
        </div>
        <Link to="/admin-dashboard" className={`${BUTTON_SECONDARY} self-start sm:self-auto`}>
          Admin Dashboard
        </Link>
      </div>

      {/* A plain GET form: filtering and searching work before (or without) JavaScript. */}
      <Form
        method="get"
        role="search"
        aria-label="Find orders"
        className="mt-6 flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:flex-row sm:items-end"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="order-status" className="text-sm font-semibold">
            Order status
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={status ?? ""}
            className="h-11 rounded-lg border border-brand-200 bg-white px-3"
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-11 items-center gap-2 text-sm font-semibold sm:self-end">
          <input
            type="checkbox"
            name="attention"
            value="refund"
            defaultChecked={attention === "refund"}
            className="size-5 accent-brand-600"
          />
          Refunds that need you
        </label>
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="order-search" className="text-sm font-semibold">
            Order ID, name or phone
          </label>
          <input
            id="order-search"
            name="search"
            type="search"
            maxLength={100}
            defaultValue={search}
            className="h-11 rounded-lg border border-brand-200 px-3"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={`${BUTTON_PRIMARY} py-2`}>
            Find
          </button>
          {(status || attention || search) && (
            <Link to="/admin/received-orders" className={`${BUTTON_SECONDARY} py-2`}>
              Clear
            </Link>
          )}
        </div>
      </Form>

      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {error ? "" : `${total} ${total === 1 ? "order" : "orders"}`}
      </p>

      {error ? (
        <FormNotice tone="error" className="mt-4">
          {error}
        </FormNotice>
      ) : orders.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white px-6 py-12 text-center text-muted ring-1 ring-brand-100">
          No completed orders found.
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
                      {order.shippingAddress.fullName} · {formatDate(order.createdAt)}
                    </p>
                    <p className="mt-2 flex flex-wrap items-center gap-2">
                      <OrderStatusBadge status={order.orderStatus} />
                      <PaymentStatusBadge status={order.paymentStatus} />
                      {order.refundNeedsAttention && <RefundAttentionBadge />}
                      <span>{order.paymentMethod || "N/A"}</span>
                    </p>
                    <p className="mt-2 flex items-center justify-between gap-2">
                      <span className="font-bold">{formatRupees(order.totalAmount)}</span>
                      <Link
                        to={`/orders/${order.orderId}`}
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
                        {order.shippingAddress.fullName} · {formatDate(order.createdAt)}
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
                      <OrderStatusBadge status={order.orderStatus} />
                    </td>
                    <td className={`${CELL} text-right whitespace-nowrap`}>
                      {formatRupees(order.totalAmount)}
                    </td>
                    <td className={CELL}>
                      <Link
                        to={`/orders/${order.orderId}`}
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
