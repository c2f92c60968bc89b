import { z } from "zod";
import { addressIdField } from "./addresses";
import { SIZES } from "./catalog-options";
import { defineCall } from "./call";
import { envelope, messageResponse } from "./envelope";
import { idField } from "./ids";
import { customizationRequest, orderCustomization } from "./tailoring";
import { shipmentView } from "./couriers";
import { orderReturn } from "./order-returns";
import { priceBreakdown } from "./price-breakdown";

export * from "./orders-rules";
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from "./orders-rules";

const productIdField = idField("Invalid product ID");

/** A bag line as the spec's client sends it (id, name, title, image, price, size, quantity); only id, size,
 * quantity and customisation are used, and price, when sent, must still be the line's price (the product's
 * price plus the charges of its customisations). */
export const placeOrderItem = z.object({
  id: productIdField,
  size: z.enum(SIZES, { error: "Please select a size for every item." }),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int({ error: ORDER_MESSAGES.quantity })
    .min(1, { error: ORDER_MESSAGES.quantity })
    .max(MAX_LINE_QUANTITY, { error: ORDER_MESSAGES.quantity }),
  price: z.number().nonnegative().optional(),
  /** Tailoring asked for on this line; a customised line is made to order. */
  customization: customizationRequest.optional(),
});
export type PlaceOrderItem = z.infer<typeof placeOrderItem>;

/** The spec's shippingAddress of the place-order payload, for clients without an address book. */
export const shippingAddressInput = z.object({
  fullName: z.string().trim().min(1),
  address: z.string().trim().min(1),
  city: z.string().trim().min(1),
  state: z.string().trim().min(1),
  country: z.string().trim().min(1),
  postalCode: z.string().trim().min(1),
  phone: z.string().trim().min(1),
});

/**
 * POST /orders/place-order: the spec's payload (items, shippingAddress, paymentMethod, totalAmount,
 * redirectUrl), with `addressId` for an address saved in the shopper's address book. The server prices
 * everything; `totalAmount` and line prices, when sent, must equal what it computes.
 */
export const placeOrderRequest = z.object({
  items: z
    .array(placeOrderItem, { error: ORDER_MESSAGES.cartEmpty })
    .min(1, { error: ORDER_MESSAGES.cartEmpty })
    .max(MAX_ORDER_LINES, { error: `At most ${MAX_ORDER_LINES} lines in one order.` }),
  addressId: addressIdField.optional(),
  shippingAddress: shippingAddressInput.optional(),
  /** PhonePe (the spec's two spellings), or COD: Cash on Delivery where the owner's rules allow it. */
  paymentMethod: z.enum(["phonePe", "PhonePe", "COD", "cod"], { error: ORDER_MESSAGES.selectPaymentMethod }),
  totalAmount: z.number().nonnegative().optional(),
  redirectUrl: z.string().max(2000).optional(),
  /**
   * "Send my order updates on WhatsApp to +91 …" (WHATSAPP_CONSENT_TEXT, the delivery address's number),
   * unticked unless the shopper ticks it; ignored when the store has no WhatsApp (decision 053).
   */
  whatsappUpdates: z.boolean({ error: "Say whether to send the order's updates on WhatsApp" }).optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const placeOrderResponse = envelope(
  z.object({ orderId: z.string(), phonePe: z.object({ checkoutUrl: z.string() }) }),
);

/** The delivery address kept on an order (spec section 3's shipping address). */
export const shippingAddress = z.object({
  fullName: z.string(),
  address: z.string(),
  street: z.string(),
  city: z.string(),
  /** The pincode's district (orders placed before the pincode directory have none). */
  district: z.string().optional(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

export const orderItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  size: z.string(),
  quantity: z.number().int(),
  /** The price of one piece, customisation charges included. */
  price: z.number(),
  customization: orderCustomization.nullable(),
});

export const order = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  subtotal: z.number(),
  deliveryCharge: z.number(),
  /** The fee for paying in cash (decision 048); 0 for none, and once a cash order is paid online instead. */
  codFee: z.number(),
  /** What paying online took off the order (the prepaid nudge, decision 048); 0 for none. */
  prepaidDiscount: z.number(),
  /**
   * While a cash order may still be paid online instead: what paying online now saves (its fee, and the
   * discount for paying online); 0 otherwise.
   */
  payOnlineSaves: z.number(),
  totalAmount: z.number(),
  /** The GST the total includes: its invoice's, once paid; before, as the invoice would work it out today. */
  gstIncluded: z.number(),
  createdAt: z.string(),
  /** While the order awaits payment and its window is open: until when it may be paid (Pay now), else null. */
  payBy: z.string().nullable(),
  /** Why the store cancelled the order, in the shopper's words (decision 040); null otherwise. */
  cancelReason: z.string().nullable(),
  /**
   * While a delivered order's pieces may still be returned as damaged, defective, wrong or not as described
   * (decision 051): until when; null otherwise.
   */
  returnBy: z.string().nullable(),
  /** Its returns, oldest first. */
  returns: z.array(orderReturn),
  image: z.string().nullable(),
  items: z.array(orderItem),
  shippingAddress,
  /** Once the order has shipped: its courier, tracking number and link, and when it was delivered. */
  shipment: shipmentView.nullable(),
});
export type Order = z.infer<typeof order>;

export const ordersResponse = envelope(z.array(order));
export const orderResponse = envelope(order);

export const orderIdField = z
  .string({ error: ORDER_MESSAGES.notFound })
  .trim()
  .min(1, { error: ORDER_MESSAGES.notFound })
  .max(64, { error: ORDER_MESSAGES.notFound });
export const orderIdRequest = z.object({ orderId: orderIdField });
export const orderIdQuery = z.object({ id: orderIdField });

export const orderStatusView = z.object({
  orderId: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type OrderStatusView = z.infer<typeof orderStatusView>;
export const orderStatusResponse = envelope(orderStatusView);

/** What stands between a bag line and an order, as the checkout shows it before paying. */
export const LINE_PROBLEMS = [
  "unavailable",
  "size-unavailable",
  "customization-unavailable",
  "sold-out",
  "short",
  "price-changed",
  "awaiting-payment",
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

/** POST /orders/price-cart: the bag priced by the server, line by line, before Place Order. */
export const priceCartRequest = z.object({
  items: z
    .array(placeOrderItem)
    .max(MAX_ORDER_LINES, { error: `At most ${MAX_ORDER_LINES} lines in one order.` }),
  /**
   * The way to pay chosen, when one is: paying in cash adds the owner's fee (`codFee`), paying online takes
   * off the owner's discount for it (`discount`).
   */
  paymentMethod: z.enum(["PhonePe", "COD"]).optional(),
});

export const pricedCartLine = z.object({
  id: z.number().int(),
  size: z.string(),
  quantity: z.number().int(),
  /** Whether the line is customised (made to order). */
  customized: z.boolean(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  /** The price of one piece now, customisation charges included, in rupees; null when the product is gone. */
  price: z.number().nullable(),
  /** How many are left in this size (null when the product or the size is gone). */
  available: z.number().int().nullable(),
  problem: z.enum(LINE_PROBLEMS).nullable(),
  message: z.string().nullable(),
  /** The shopper's own order awaiting payment that holds this line's pieces ("awaiting-payment"). */
  orderId: z.string().nullable(),
});
export type PricedCartLine = z.infer<typeof pricedCartLine>;

/** The bag's lines, and its price broken down (the lines that cannot be ordered left out of it). */
export const priceCartResponse = envelope(
  priceBreakdown.extend({
    lines: z.array(pricedCartLine),
    /** Whether every line can be ordered as it is. */
    orderable: z.boolean(),
  }),
);
export type PricedCart = z.infer<typeof priceCartResponse>["data"];

/** A checkout attempt's key: a client-made random string, sent again with a retried Place Order. */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\w-]{8,100}$/, { error: "The Idempotency-Key header must be 8-100 letters, digits, - or _." })
    .optional(),
});

// The calls of a shopper's orders.
/** One key per checkout attempt: a retried or double-clicked Place Order finds the same order. */
export const placeOrderCall = defineCall({
  method: "POST",
  path: "/orders/place-order",
  tag: "orders",
  headers: idempotencyHeaders,
  body: placeOrderRequest,
  output: placeOrderResponse,
});

/** Open to guests too: it says only what the catalog already shows. */
export const priceCartCall = defineCall({
  method: "POST",
  path: "/orders/price-cart",
  tag: "orders",
  body: priceCartRequest,
  output: priceCartResponse,
});

export const myOrdersCall = defineCall({
  method: "GET",
  path: "/orders/my-orders",
  tag: "orders",
  output: ordersResponse,
});

export const getOrderCall = defineCall({
  method: "GET",
  path: "/orders/get-order",
  tag: "orders",
  query: orderIdQuery,
  output: orderResponse,
});

/** The payment callback's poll; the server asks PhonePe about an unsettled payment first. */
export const getOrderStatusCall = defineCall({
  method: "POST",
  path: "/orders/get-order-status",
  tag: "orders",
  body: orderIdRequest,
  output: orderStatusResponse,
});

/** The order card's refresh icon (spec: POST /phonepe/get-order-status): the same as getOrderStatusCall. */
export const refreshOrderStatusCall = defineCall({
  method: "POST",
  path: "/phonepe/get-order-status",
  tag: "orders",
  body: orderIdRequest,
  output: orderStatusResponse,
});

/** Pay now: a new PhonePe attempt for an order awaiting payment, on the stock it holds. */
export const payAgainRequest = z.object({
  orderId: orderIdField,
  redirectUrl: z.string().max(2000).optional(),
});
export type PayAgainRequestBody = z.infer<typeof payAgainRequest>;
export const payAgainCall = defineCall({
  method: "POST",
  path: "/orders/pay-again",
  tag: "orders",
  body: payAgainRequest,
  output: placeOrderResponse,
});

/** The shopper cancels her own order awaiting payment: its stock is released at once. */
export const cancelOrderCall = defineCall({
  method: "POST",
  path: "/orders/cancel-order",
  tag: "orders",
  body: orderIdRequest,
  output: orderStatusResponse,
});

/** PhonePe's server-to-server callback: read leniently (PhonePe adds fields), verified by its header. */
export const phonePeWebhookCall = defineCall({
  method: "POST",
  path: "/phonepe/webhook",
  tag: "payments",
  body: z.unknown(),
  output: messageResponse,
});
