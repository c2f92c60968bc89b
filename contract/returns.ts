import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";
import { MAX_LINE_QUANTITY, orderIdField } from "./orders";
import { orderReturn, refundDestination, staffOrderReturn } from "./order-returns";
import { MAX_RETURN_PHOTOS, RETURN_MESSAGES as M, RETURN_REASONS } from "./returns-rules";

export * from "./order-returns";
export * from "./returns-rules";

const text = (min: number, max: number, error: string) =>
  z.string({ error }).trim().min(min, { error }).max(max, { error });

/** A shopper's return of one line of a delivered order. */
export const requestReturnRequest = z.object({
  orderId: orderIdField,
  /** The order line (`items[].id` of the order). */
  itemId: idField(M.itemNotFound),
  quantity: z
    .number({ error: M.howMany })
    .int({ error: M.howMany })
    .min(1, { error: M.howMany })
    .max(MAX_LINE_QUANTITY, { error: M.howMany }),
  reason: z.enum(RETURN_REASONS, { error: M.reasonRequired }),
  details: text(10, 2000, M.detailsLength),
  /** Media ids from /grievances/upload-photos, with the upload's token that proves they are hers. */
  photos: z
    .array(z.string().max(100), { error: M.photosRequired })
    .min(1, { error: M.photosRequired })
    .max(MAX_RETURN_PHOTOS, { error: M.photosRequired }),
  uploadToken: z.string({ error: M.photoNotFound }).min(1, { error: M.photoNotFound }).max(200),
  /** A cash order's refund destination; not asked of an order paid online (PhonePe refunds it). */
  refundTo: refundDestination.optional(),
});
export type RequestReturnRequest = z.infer<typeof requestReturnRequest>;
/** The return as its form sends it: the photos are files, uploaded by the page's scripts before it. */
export const returnForm = requestReturnRequest.omit({ photos: true, uploadToken: true });

const returnIdField = z
  .string({ error: M.returnNotFound })
  .trim()
  .regex(/^RT-\d{6,}$/, { error: M.returnNotFound });

export const returnIdRequest = z.object({ returnId: returnIdField });
export const refuseReturnRequest = z.object({
  returnId: returnIdField,
  reason: text(10, 1000, M.refuseReason),
});
export const returnRefundedRequest = z.object({
  returnId: returnIdField,
  reference: z
    .string({ error: M.reference })
    .trim()
    .regex(/^[A-Za-z0-9]{6,40}$/, { error: M.reference }),
});

const returnAnswer = envelope(orderReturn);
const staffReturnAnswer = envelope(staffOrderReturn);

export const requestReturnCall = defineCall({
  method: "POST",
  path: "/orders/request-return",
  tag: "orders",
  description:
    "Signed-in shoppers. Asks to return a line of a delivered order that came damaged, defective, wrong or not as described, within the owner's days after delivery, with 1 to 3 photos; one return per line. Files a complaint ticket that holds the thread. A cash order gives where its refund goes.",
  body: requestReturnRequest,
  output: returnAnswer,
});

export const approveReturnCall = defineCall({
  method: "POST",
  path: "/orders/approve-return",
  tag: "orders",
  description:
    "Staff only. Approves an asked return: the courier is asked for a reverse pickup from the shopper, who is told on the ticket's thread. Again changes nothing.",
  body: returnIdRequest,
  output: staffReturnAnswer,
});

export const refuseReturnCall = defineCall({
  method: "POST",
  path: "/orders/refuse-return",
  tag: "orders",
  description:
    "Staff only. Refuses an asked return with the reason the shopper reads on the ticket's thread and by mail.",
  body: refuseReturnRequest,
  output: staffReturnAnswer,
});

export const receiveReturnCall = defineCall({
  method: "POST",
  path: "/orders/receive-return",
  tag: "orders",
  description:
    "Staff only. The returned piece has arrived: its GST credit note is issued and, for an order paid online, its refund sent through PhonePe; a cash order's refund waits for staff's transfer. Again changes nothing.",
  body: returnIdRequest,
  output: staffReturnAnswer,
});

export const returnRefundedCall = defineCall({
  method: "POST",
  path: "/orders/return-refunded",
  tag: "orders",
  description:
    "Staff only. A received cash order's return was refunded by bank or UPI transfer, with its reference: the shopper's account details are erased.",
  body: returnRefundedRequest,
  output: staffReturnAnswer,
});
