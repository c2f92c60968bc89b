import { createHash } from "node:crypto";
import { ADDRESS_MESSAGES, addressInput, type Address } from "../../contract/addresses";
import {
  MAX_ORDER_PAISE,
  ORDER_MESSAGES,
  PAYMENT_CALLBACK_PATH,
  type PlaceOrderRequest,
  type ShippingAddress,
} from "../../contract/orders";
import { checkedPlace, type AddressesService } from "../addresses/addresses.service";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { CatalogService } from "../catalog/catalog.service";
import { isUniqueViolation, type Database, type Executor, type Transaction } from "../db/client";
import { badRequest, HttpError, Unavailable } from "../lib/errors";
import type { PaymentMethod } from "../payments/payment-method";
import { checkClientPrices, mergedLines, priceOrderLines, subtotalOf } from "./bag-lines";
import { placedFromOf, type OrderHolds } from "./order-holds";
import type { OrdersService } from "./orders.service";
import type { OrderRow } from "./orders.tables";
import { NO_PAYMENT_CHARGES } from "./payment-charges";
import type { DeliveryCharges } from "./delivery-charge";

export type PlacedOrder = { orderId: string; checkoutUrl: string };

/** A Place Order request's fingerprint: its Idempotency-Key may only be sent again with the same request. */
const fingerprintOf = (request: PlaceOrderRequest) =>
  createHash("sha256").update(JSON.stringify(request)).digest("base64url");

/** Where PhonePe sends the shopper back: the store's callback page, with the client's query if it gave one. */
export function paymentReturnUrl(origin: string, requested: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(requested ?? PAYMENT_CALLBACK_PATH, origin);
  } catch {
    throw badRequest(ORDER_MESSAGES.redirectUrl);
  }
  if (url.origin !== origin || url.pathname !== PAYMENT_CALLBACK_PATH)
    throw badRequest(ORDER_MESSAGES.redirectUrl);
  url.hash = "";
  return url;
}

/**
 * Place Order: the server prices the bag from the database (bag-lines.ts), reserves its stock, creates the
 * order and begins its payment (PhonePe: its first attempt) in one transaction, and only then opens the
 * payment (PhonePe: its checkout page).
 */
export function createPlaceOrder({
  db,
  catalog,
  orders,
  paymentMethods,
  addresses,
  holds,
  delivery,
  publicUrl,
  chooseChannels,
}: {
  db: Database;
  catalog: CatalogService;
  orders: OrdersService;
  /** The ways to pay, by the request's `paymentMethod` in lower case (payments/payment-method.ts). */
  paymentMethods: Readonly<Record<string, PaymentMethod>>;
  addresses: AddressesService;
  holds: OrderHolds;
  delivery: DeliveryCharges;
  publicUrl: string;
  /** Records, in the order's transaction, whether its updates also go on WhatsApp (decision 053). */
  chooseChannels?: (tx: Transaction, order: OrderRow, whatsapp: boolean) => Promise<void>;
}) {
  const origin = new URL(publicUrl).origin;

  async function deliveryAddress(
    user: AuthenticatedUser,
    request: PlaceOrderRequest,
  ): Promise<ShippingAddress> {
    let saved: Omit<Address, "id" | "problem">;
    if (request.addressId !== undefined) {
      const found = await addresses.get(user.userId, request.addressId);
      // A saved address whose state was free text, or whose pincode is another state's, is corrected first.
      if (found.problem) throw badRequest(found.problem, { addressId: found.problem });
      saved = found;
    } else if (request.shippingAddress) {
      const given = request.shippingAddress;
      const parsed = addressInput.safeParse({
        name: given.fullName,
        phone: given.phone,
        address: given.address,
        city: given.city,
        state: given.state,
        country: given.country,
        pincode: given.postalCode,
      });
      if (!parsed.success)
        throw badRequest(ADDRESS_MESSAGES.notFound, {
          shippingAddress: parsed.error.issues[0]?.message ?? ADDRESS_MESSAGES.notFound,
        });
      saved = { ...parsed.data, ...checkedPlace(parsed.data) };
    } else {
      throw badRequest(ORDER_MESSAGES.selectAddress);
    }
    return {
      fullName: saved.name,
      address: saved.address,
      street: saved.address,
      city: saved.city,
      district: saved.district,
      state: saved.state,
      postalCode: saved.pincode,
      country: "India",
      phone: saved.phone,
      email: user.email,
    };
  }

  /** The way to pay the request asks for (app.ts lists them): PhonePe (either of the spec's spellings) or COD. */
  function methodOf(request: PlaceOrderRequest): PaymentMethod {
    const method = paymentMethods[request.paymentMethod.toLowerCase()];
    if (!method) throw badRequest(ORDER_MESSAGES.selectPaymentMethod);
    return method;
  }

  /** The answer for an order this checkout attempt already placed (a double click or a retried request). */
  async function answerFor(order: OrderRow, method: PaymentMethod): Promise<PlacedOrder> {
    return { orderId: order.publicId, checkoutUrl: await method.resume(order) };
  }

  /** The order this checkout attempt's key already placed, if any; the same key with another request is 422. */
  async function placedBefore(
    userId: number,
    idempotencyKey: string | null,
    requestHash: string,
    executor: Executor = db,
  ) {
    if (!idempotencyKey) return undefined;
    const existing = await orders.findByIdempotencyKey(userId, idempotencyKey, executor);
    if (existing?.requestHash && existing.requestHash !== requestHash)
      throw new HttpError(422, ORDER_MESSAGES.idempotencyMismatch);
    return existing;
  }

  return async function placeOrder(
    user: AuthenticatedUser,
    request: PlaceOrderRequest,
    idempotencyKey: string | null,
    clientAddress: string,
  ): Promise<PlacedOrder> {
    const redirect = paymentReturnUrl(origin, request.redirectUrl);
    const method = methodOf(request);
    const requestHash = fingerprintOf(request);
    const before = await placedBefore(user.userId, idempotencyKey, requestHash);
    if (before) return answerFor(before, method);
    // Production without PhonePe's credentials: refused before anything is written or mailed.
    if (!method.available) throw new Unavailable(ORDER_MESSAGES.paymentUnavailable);
    const shippingAddress = await deliveryAddress(user, request);
    const lines = await priceOrderLines(catalog, mergedLines(request));
    const deliveryPaise = await delivery.chargeFor(subtotalOf(lines));
    const charges = (await method.charges?.(subtotalOf(lines))) ?? NO_PAYMENT_CHARGES;
    checkClientPrices(request, lines, deliveryPaise, charges);
    if (subtotalOf(lines) > MAX_ORDER_PAISE) throw badRequest(ORDER_MESSAGES.tooLarge);
    const bag = {
      userId: user.userId,
      lines,
      subtotalPaise: subtotalOf(lines),
      pincode: shippingAddress.postalCode,
    };
    await method.accepts?.(bag);
    const hold = (await method.hold?.()) ?? holds.newHold();
    const placedFrom = placedFromOf(clientAddress);

    let created: { order: OrderRow; open: (returnUrl: string) => Promise<string> } | { existing: OrderRow };
    try {
      created = await db.transaction(async (tx) => {
        await holds.admit(tx, { userId: user.userId, placedFrom, lines });
        // Admitted after the same checkout attempt's request that was waiting on the same account.
        const existing = await placedBefore(user.userId, idempotencyKey, requestHash, tx);
        if (existing) return { existing };
        await catalog.reserveStock(tx, lines);
        await holds.checkLimits(tx, { userId: user.userId, placedFrom, lines });
        await method.admit?.(tx, bag);
        const order = await orders.create(tx, {
          userId: user.userId,
          lines,
          deliveryPaise,
          charges,
          shippingAddress,
          idempotencyKey,
          requestHash,
          placedFrom,
          ...hold,
          paymentMethod: method.name,
        });
        await chooseChannels?.(tx, order, request.whatsappUpdates === true);
        return { order, open: await method.begin(tx, order) };
      });
    } catch (error) {
      // The same checkout attempt placed at the same moment by another request: answer with that order.
      if (idempotencyKey && isUniqueViolation(error)) {
        const existing = await placedBefore(user.userId, idempotencyKey, requestHash);
        if (existing) return answerFor(existing, method);
      }
      throw error;
    }
    if ("existing" in created) return answerFor(created.existing, method);

    redirect.searchParams.set("orderId", created.order.publicId);
    const checkoutUrl = await created.open(redirect.toString());
    return { orderId: created.order.publicId, checkoutUrl };
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
