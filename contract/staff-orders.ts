import { z } from "zod";
import { pagingFields } from "./paging";
import { envelope } from "./envelope";
import { defineCall } from "./call";
import { BOOKS_MESSAGES, indiaDay } from "./books";
import { order, orderIdQuery, orderIdRequest, ORDER_STATUSES } from "./orders";
import { markTailoringDoneRequest } from "./tailoring";
import { checkShipment, shipmentFields } from "./couriers";
import { courierParcel } from "./parcel-tracking";
import { staffOrderReturn } from "./order-returns";
import { orderMessageView, whatsAppMonth } from "./whatsapp";

export * from "./staff-orders-rules";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  ADMIN_ORDERS_MAX_LIMIT,
  STAFF_ORDER_MESSAGES,
  CANCEL_REASON_CODES,
  CANCEL_NOTE_MAX,
} from "./staff-orders-rules";

/** Text typed by staff: no control characters (a NUL byte is refused), at most `max` characters. */
const staffText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .refine((value) => ![...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), {
      error: STAFF_ORDER_MESSAGES.text,
    });

const statusField = z.enum(ORDER_STATUSES, { error: STAFF_ORDER_MESSAGES.status });

/**
 * The work left on paid orders not yet shipped (Processing): a customised line still with the tailor, or
 * nothing but packing and shipping (decision 040).
 */
export const ORDER_WORK = ["tailoring", "to-ship"] as const;
export type OrderWork = (typeof ORDER_WORK)[number];

/** An empty query value (a form's untouched field) is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/**
 * GET /orders/get-admin-orders?page=&limit=&status=&search=&work=&paidFrom=&paidTo=: the spec's list, and
 * - `search`: an order id, or a part of the shipping name, e-mail or phone (the phone as people type it:
 *   "98480 12345", "+91 98480 12345", "098480 12345");
 * - `work`: Processing orders with a line still with the tailor, or ready to ship;
 * - `paidFrom`, `paidTo`: orders paid on those days of India's calendar and not cancelled (the dashboard's
 *   sales).
 */
export const adminOrdersQuery = z
  .object({
    ...pagingFields({ defaultLimit: ADMIN_ORDERS_PAGE_SIZE, maxLimit: ADMIN_ORDERS_MAX_LIMIT }),
    status: z.preprocess((value) => (value === "" ? undefined : value), statusField.optional()),
    /** `refund`: only the orders with a refund that failed and waits for staff. */
    attention: optional(z.enum(["refund"], { error: "Attention must be refund." })),
    search: z.preprocess((value) => (value === "" ? undefined : value), staffText(100, "Search").optional()),
    work: optional(z.enum(ORDER_WORK, { error: `Work must be one of ${ORDER_WORK.join(", ")}.` })),
    /** `COD`: only the Cash on Delivery orders (decision 048). */
    paymentMethod: optional(z.enum(["COD", "PhonePe"], { error: "Payment method must be COD or PhonePe." })),
    paidFrom: optional(indiaDay),
    paidTo: optional(indiaDay),
  })
  .refine((query) => !query.work || !query.status || query.status === "Processing", {
    error: STAFF_ORDER_MESSAGES.workOfProcessing,
    path: ["work"],
  })
  .refine((query) => !query.paidFrom || !query.paidTo || query.paidFrom <= query.paidTo, {
    error: BOOKS_MESSAGES.range,
    path: ["paidTo"],
  });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

/** An order in staff's list: the spec's order, and whether a refund of it failed and waits for staff. */
export const staffListedOrder = order.extend({ refundNeedsAttention: z.boolean() });
export type StaffListedOrder = z.infer<typeof staffListedOrder>;

export const adminOrdersResponse = envelope(z.array(staffListedOrder)).extend({ pagination });

const orderIdField = z
  .string({ error: "Order not found." })
  .trim()
  .min(1, { error: "Order not found." })
  .max(64);

/**
 * POST /orders/update-order-status. Marking Shipped takes the courier from the list with its tracking number
 * ("Other" with its https link), or neither for a parcel handed over in person; a cancellation takes a reason
 * (`cancelReason`, and `cancelNote` for "other").
 */
export const updateOrderStatusRequest = z
  .object({
    orderId: orderIdField,
    status: statusField,
    ...shipmentFields,
    cancelReason: z.enum(CANCEL_REASON_CODES, { error: STAFF_ORDER_MESSAGES.cancelReason }).optional(),
    cancelNote: staffText(CANCEL_NOTE_MAX, "The reason").optional(),
  })
  .superRefine((request, context) => {
    checkShipment(request, context);
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (request.status !== "Cancelled") {
      if (request.cancelReason || request.cancelNote)
        issue("cancelReason", STAFF_ORDER_MESSAGES.reasonOnlyWhenCancelling);
    } else if (!request.cancelReason) issue("cancelReason", STAFF_ORDER_MESSAGES.cancelReason);
    else if (request.cancelReason === "other" && !request.cancelNote)
      issue("cancelNote", STAFF_ORDER_MESSAGES.cancelNote);
  });
export type UpdateOrderStatusRequest = z.infer<typeof updateOrderStatusRequest>;

/** POST /orders/update-tracking: staff correct a shipped order's courier and tracking until it is delivered. */
export const updateTrackingRequest = z
  .object({ orderId: orderIdField, ...shipmentFields })
  .superRefine((value, context) => checkShipment(value, context, { required: true }));
export type UpdateTrackingRequest = z.infer<typeof updateTrackingRequest>;

export const paymentAttempt = z.object({
  merchantOrderId: z.string(),
  state: z.string(),
  amount: z.number(),
  paidAmount: z.number().nullable(),
  paymentMode: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PaymentAttempt = z.infer<typeof paymentAttempt>;

export const refundView = z.object({
  merchantRefundId: z.string(),
  merchantOrderId: z.string(),
  amount: z.number(),
  reason: z.string(),
  state: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** Failed and not yet dealt with: staff ask PhonePe again or record that they paid it another way. */
  needsAttention: z.boolean(),
  /** Why it failed: PhonePe `refused` it, or gave `no-answer` (still pending when the store stopped asking). */
  failure: z.enum(["refused", "no-answer"]).nullable(),
  failureReason: z.string().nullable(),
  /** What staff did about its failure, when, and their note (the transfer's reference; the new refund's id). */
  resolution: z.enum(["paid-another-way", "retried"]).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

export const orderEventView = z.object({
  actor: z.string(),
  subject: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEventView = z.infer<typeof orderEventView>;

/** GET /orders/get-order-details?id= (staff): the order and everything that happened to it. */
/** A mail about an order, as staff see it beside its WhatsApp messages. */
export const orderMailView = z.object({
  to: z.string(),
  subject: z.string(),
  /** pending (queued, or waiting to be tried again), sent, or failed (given up). */
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OrderMailView = z.infer<typeof orderMailView>;

export const staffOrderDetails = z.object({
  order,
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  attempts: z.array(paymentAttempt),
  refunds: z.array(refundView),
  history: z.array(orderEventView),
  /** The statuses staff may move the order to now. */
  allowedTransitions: z.array(statusField),
  /** Customised lines whose tailoring is not done yet: the order ships once there are none. */
  tailoringPending: z.number().int(),
  /** The parcel with Delhivery when staff shipped through it (issue 37); null otherwise. */
  courierParcel: courierParcel.nullable(),
  /** Its returns (decision 051), with a cash order's refund destination while it is owed. */
  returns: z.array(staffOrderReturn),
  /** Its messages on WhatsApp, oldest first (decision 053): where each went, its template, how it stands. */
  messages: z.array(orderMessageView),
  /** Its mails, oldest first: to whom, about what, and whether the mail server took them. */
  mails: z.array(orderMailView),
});
export type StaffOrderDetails = z.infer<typeof staffOrderDetails>;
export const staffOrderDetailsResponse = envelope(staffOrderDetails);

export const updateOrderStatusResponse = envelope(staffOrderDetails);

/** A size of a shown product with LOW_STOCK_AT pieces or fewer (0: sold out). */
export const lowStockLine = z.object({
  productId: z.number().int(),
  name: z.string(),
  size: z.string(),
  stock: z.number().int(),
});
export type LowStockLine = z.infer<typeof lowStockLine>;

export const LOW_STOCK_PAGE_SIZE = 10;
/** POST /orders/retry-refund: ask PhonePe again for a failed refund. */
export const retryRefundRequest = orderIdRequest.extend({
  merchantRefundId: z
    .string({ error: STAFF_ORDER_MESSAGES.refundNotFound })
    .trim()
    .min(1, { error: STAFF_ORDER_MESSAGES.refundNotFound })
    .max(80, { error: STAFF_ORDER_MESSAGES.refundNotFound }),
});
export type RetryRefundRequest = z.infer<typeof retryRefundRequest>;

/** POST /orders/mark-refund-paid: staff sent a failed refund's money another way (a bank transfer). */
export const markRefundPaidRequest = retryRefundRequest.extend({
  note: staffText(200, "Note").pipe(z.string().min(1, { error: STAFF_ORDER_MESSAGES.refundNote })),
});
export type MarkRefundPaidRequest = z.infer<typeof markRefundPaidRequest>;

/** GET /admin/dashboard */
export const dashboard = z.object({
  toShip: z.number().int(),
  salesToday: z.number(),
  salesThisWeek: z.number(),
  /** India's day today and the Monday its week began on (YYYY-MM-DD), the days the sales above count. */
  today: z.string(),
  weekFrom: z.string(),
  bestSellers: z.array(
    z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() }),
  ),
  /** The first LOW_STOCK_PAGE_SIZE sizes low in stock, fewest pieces first; the rest through lowStockCall. */
  lowStock: z.array(lowStockLine),
  /** How many sizes are low in stock. */
  lowStockTotal: z.number().int(),
  /**
   * Parcels with the courier that ended their journey, by India's month (newest first, the last six with
   * any): delivered, returned to the shop (RTO), and of those the cash orders (decision 050).
   */
  returnsByMonth: z.array(
    z.object({
      month: z.string(),
      delivered: z.number().int(),
      returned: z.number().int(),
      cashDelivered: z.number().int(),
      cashReturned: z.number().int(),
    }),
  ),
  /** This month's WhatsApp messages and what Meta may bill for them (decision 053). */
  whatsapp: whatsAppMonth,
  /** Orders with a refund that failed and waits for staff: how many, and the oldest few. */
  refundsNeedingAttention: z.object({
    total: z.number().int(),
    orders: z.array(
      z.object({
        orderId: z.string(),
        fullName: z.string(),
        amount: z.number(),
        failureReason: z.string(),
        since: z.string(),
      }),
    ),
  }),
});

/** GET /admin/low-stock?page=&limit=: every size low in stock, a page at a time. */
export const lowStockQuery = z.object({
  ...pagingFields({ defaultLimit: LOW_STOCK_PAGE_SIZE, maxLimit: ADMIN_ORDERS_MAX_LIMIT }),
});
export const lowStockResponse = envelope(z.array(lowStockLine)).extend({ pagination });
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = envelope(dashboard);

// Staff's calls on orders: Received Orders, an order's details and status, the dashboard.
export const adminOrdersCall = defineCall({
  method: "GET",
  path: "/orders/get-admin-orders",
  tag: "orders",
  query: adminOrdersQuery,
  output: adminOrdersResponse,
});

export const orderDetailsCall = defineCall({
  method: "GET",
  path: "/orders/get-order-details",
  tag: "orders",
  query: orderIdQuery,
  output: staffOrderDetailsResponse,
});

export const updateOrderStatusCall = defineCall({
  method: "POST",
  path: "/orders/update-order-status",
  tag: "orders",
  body: updateOrderStatusRequest,
  output: updateOrderStatusResponse,
});

export const updateTrackingCall = defineCall({
  method: "POST",
  path: "/orders/update-tracking",
  tag: "orders",
  description:
    "Staff only. Corrects a shipped order's courier and tracking number (kept in its history, mailed to the shopper); the same details again change nothing.",
  body: updateTrackingRequest,
  output: updateOrderStatusResponse,
});

export const markTailoringDoneCall = defineCall({
  method: "POST",
  path: "/orders/mark-tailoring-done",
  tag: "tailoring",
  description:
    "Staff only. Marks a customised line of a paid order as stitched; marking it again changes nothing.",
  body: markTailoringDoneRequest,
  output: updateOrderStatusResponse,
});

export const retryRefundCall = defineCall({
  method: "POST",
  path: "/orders/retry-refund",
  tag: "orders",
  description:
    "Staff only. Asks PhonePe again for a refund that failed: one it refused under a new merchantRefundId, one it never finished under its own.",
  body: retryRefundRequest,
  output: updateOrderStatusResponse,
});

export const markRefundPaidCall = defineCall({
  method: "POST",
  path: "/orders/mark-refund-paid",
  tag: "orders",
  description:
    "Staff only. Records that a refund that failed was paid another way (a bank transfer), with staff's note; the refund is done.",
  body: markRefundPaidRequest,
  output: updateOrderStatusResponse,
});

export const dashboardCall = defineCall({
  method: "GET",
  path: "/admin/dashboard",
  tag: "orders",
  output: dashboardResponse,
});

export const lowStockCall = defineCall({
  method: "GET",
  path: "/admin/low-stock",
  tag: "orders",
  description:
    "Staff only. The sizes of shown products with 5 pieces or fewer, fewest first, a page at a time (the dashboard's list).",
  query: lowStockQuery,
  output: lowStockResponse,
});
