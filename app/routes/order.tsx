import { data, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { formatRupees } from "#contract/money";
import { ORDER_MESSAGES } from "#contract/orders-rules";
import { ANY_ROLE, STAFF_ROLES } from "#contract/accounts-rules";
import { formatDate, formatMobile } from "~/accounts/format";
import { requireUser } from "~/accounts/guards";
import { privatePageHeaders } from "~/lib/page-headers";
import { LineImage } from "~/components/picture";
import { FormNotice } from "~/components/form-field";
import { BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { getOrderCall } from "#contract/orders";
import { PAYMENT_METHOD_NAMES } from "#contract/cash-on-delivery-rules";
import { AwaitingPayment } from "~/orders/awaiting-payment";
import { CancelledNotice } from "~/orders/cancelled-notice";
import { gstDocumentsCall, type GstDocumentSummary } from "#contract/gst";
import { orderDetailsCall } from "#contract/staff-orders";
import { pageMeta } from "~/lib/seo";
import { OrderStatusBadge, PaymentStatusBadge } from "~/orders/order-badges";
import { CustomizationDetails } from "~/orders/customization-details";
import { GstDocuments } from "~/orders/gst-documents";
import { StaffOrderPanel } from "~/orders/staff-order-panel";
import { ShipmentDetails } from "~/orders/shipment-details";
import { breakdownOf, PriceBreakdown } from "~/orders/price-breakdown";
import { parcelTrackingCall } from "#contract/courier-parcels";
import type { ParcelTracking } from "#contract/parcel-tracking";
import { CourierParcelPanel } from "~/orders/courier-parcel-panel";
import { CashConfirmationPanel } from "~/orders/cash-confirmation-panel";
import { ParcelTimeline } from "~/orders/parcel-timeline";
import { ReturnsPanel } from "~/returns/returns-panel";
import { orderAction } from "~/orders/order-action";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: `Order #${params.id}`, description: "Your order and where it goes.", noindex: true });

export const headers = privatePageHeaders;

/** Spec: Order detail. Its owner and staff see it; anyone else, as a missing order, 'Order not found.' */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, ANY_ROLE);
  const api = context.api;
  // The order's GST invoice and credit note, asked for alongside the order (none when it has none).
  const gstDocuments = api(gstDocumentsCall, { id: params.id }).then((result): GstDocumentSummary[] =>
    result.ok ? result.data : [],
  );
  // Staff also see the shopper's contact, the payments, refunds, history and what they may do next.
  if (STAFF_ROLES.includes(user.roleId)) {
    const result = await api(orderDetailsCall, { id: params.id });
    if (result.ok)
      return { order: result.data.order, staff: result.data, documents: await gstDocuments, parcel: null };
    if (result.status === 404 || result.status === 400)
      return data({ order: null, staff: null, documents: [], parcel: null }, { status: 404 });
    throw new Response(result.message, { status: result.status || 502 });
  }
  const result = await api(getOrderCall, { id: params.id });
  // Once shipped, the parcel's journey with the courier (none for a parcel handed over by hand).
  const parcel =
    result.ok && ["Shipped", "Delivered", "Returned"].includes(result.data.orderStatus)
      ? await api(parcelTrackingCall, { id: params.id }).then((answer) => (answer.ok ? answer.data : null))
      : null;
  if (result.ok) return { order: result.data, staff: null, documents: await gstDocuments, parcel };
  if (result.status === 404 || result.status === 400)
    return data({ order: null, staff: null, documents: [], parcel: null }, { status: 404 });
  throw new Response(result.message, { status: result.status || 502 });
}

/** What a button of the page asks (order-action.ts), on the server. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return orderAction(request, context.api, params.id);
}

export default function OrderDetail() {
  const { order, staff, documents, parcel } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!order)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{ORDER_MESSAGES.notFound}</h1>
        <Link
          to={staff === null ? href("/orders") : href("/admin/received-orders")}
          className={`${BUTTON_SECONDARY} mt-6`}
        >
          {staff === null ? "Back to My Orders" : "Back to Received Orders"}
        </Link>
      </section>
    );
  const address = order.shippingAddress;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold break-all sm:text-3xl">Order #{order.orderId}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
        Placed on {formatDate(order.createdAt)} · <OrderStatusBadge status={order.orderStatus} />
        <PaymentStatusBadge status={order.paymentStatus} /> ·{" "}
        {PAYMENT_METHOD_NAMES[order.paymentMethod as keyof typeof PAYMENT_METHOD_NAMES] ??
          order.paymentMethod}
      </p>

      {/* Present from the start, so that a screen reader announces the answer to a status change. */}
      <div role="status">
        {answer && answer.intent !== "tailoring-done" && navigation.state === "idle" ? (
          <FormNotice tone={answer.ok ? "success" : "error"} className="mt-4">
            {answer.message}
          </FormNotice>
        ) : null}
      </div>

      {staff === null ? <AwaitingPayment order={order} /> : null}
      <CancelledNotice order={order} />

      <ShipmentDetails order={order} />
      {parcel ? <ParcelJourney parcel={parcel} /> : null}

      <GstDocuments documents={documents} paymentStatus={order.paymentStatus} />

      {staff && (
        <CashConfirmationPanel
          details={staff}
          error={
            answer && !answer.ok && answer.intent === "confirm-cod-by-phone" && navigation.state === "idle"
              ? answer.errors?.note
              : undefined
          }
        />
      )}
      {staff && <CourierParcelPanel details={staff} />}
      <ReturnsPanel
        order={order}
        staff={staff}
        errors={
          answer && !answer.ok && answer.intent?.startsWith("return-") && navigation.state === "idle"
            ? answer.errors
            : undefined
        }
      />
      {staff && (
        <StaffOrderPanel
          details={staff}
          tailoringAnswer={answer?.intent === "tailoring-done" && navigation.state === "idle" ? answer : null}
          cancelErrors={
            answer && !answer.ok && answer.intent === "status" && navigation.state === "idle"
              ? answer.errors
              : undefined
          }
        />
      )}

      <section aria-labelledby="ship-heading" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
        <h2 id="ship-heading" className="text-lg font-bold">
          Shipping address
        </h2>
        <address className="mt-2 not-italic wrap-anywhere">
          {address.fullName}
          <br />
          {address.address}
          <br />
          {address.city}, {address.state} {address.postalCode}
          <br />
          {address.country}
          <br />
          Phone {formatMobile(address.phone)}
        </address>
      </section>

      <section
        aria-labelledby="items-heading"
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100"
      >
        <h2 id="items-heading" className="text-lg font-bold">
          Items
        </h2>
        {/*
          On a phone the Size and Quantity columns fold into the product's cell, so that the table fits the
          screen; the region still scrolls sideways (by keyboard too) should a long word not wrap.
        */}
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Items of the order">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Image
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Product
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
                  Size
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
                  Quantity
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td className="py-2 pr-3">
                    <LineImage src={item.image} width={48} height={64} className="h-16 w-12 rounded" />
                  </td>
                  <td className="py-2 pr-3 sm:min-w-52">
                    <Link to={href("/products/:id", { id: String(item.productId) })} className={TEXT_LINK}>
                      {item.name}
                    </Link>
                    <p className="text-muted sm:hidden">
                      Size {item.size} · Quantity {item.quantity}
                    </p>
                    {item.customization ? (
                      <CustomizationDetails
                        {...item.customization}
                        // The tailor starts once the order is paid; a cancelled order has nothing to stitch.
                        doneAt={
                          order.orderStatus === "Pending" || order.orderStatus === "Cancelled"
                            ? undefined
                            : item.customization.doneAt
                        }
                      />
                    ) : null}
                    {staff === null && order.orderStatus === "Delivered" ? (
                      <Link
                        to={`${href("/reviews/write")}?product=${item.productId}`}
                        className={`${TEXT_LINK} mt-1 block text-xs`}
                        aria-label={`Write a review of ${item.name}`}
                      >
                        Write a review
                      </Link>
                    ) : null}
                  </td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{item.size}</td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{item.quantity}</td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {formatRupees(item.price * item.quantity)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PriceBreakdown
          breakdown={breakdownOf(order)}
          testIdPrefix="order"
          className="mt-4 border-t border-brand-100 pt-3"
        />
      </section>

      <Link
        to={staff ? href("/admin/received-orders") : href("/orders")}
        className={`${BUTTON_SECONDARY} mt-6`}
      >
        Back
      </Link>
    </div>
  );
}

/** The shopper's parcel, scan by scan (issue 37). */
function ParcelJourney({ parcel }: { parcel: ParcelTracking }) {
  if (parcel.scans.length === 0) return null;
  return (
    <section
      aria-labelledby="journey-heading"
      className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-brand-100"
    >
      <h2 id="journey-heading" className="text-lg font-bold">
        Your parcel's journey
      </h2>
      <p className="mt-1 text-sm text-muted">
        {parcel.courierName} waybill <span className="font-mono">{parcel.waybill}</span>
      </p>
      <ParcelTimeline scans={parcel.scans} label="Your parcel's journey, newest first" />
    </section>
  );
}
