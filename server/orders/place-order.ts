import { ADDRESS_MESSAGES, addressInput, type Address } from "../../contract/addresses";
import { formatPaise, rupeesToPaise } from "../../contract/money";
import {
  MAX_LINE_QUANTITY,
  ORDER_MESSAGES,
  type PlaceOrderRequest,
  type ShippingAddress,
} from "../../contract/orders";
import type { AddressesService } from "../addresses/addresses.service";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { CatalogService, PricedLine, StockLine } from "../catalog/catalog.service";
import { isUniqueViolation, type Database } from "../db/client";
import { badRequest, conflict, HttpError } from "../lib/errors";
import type { PaymentsService } from "../payments/payments.service";
import { PAYMENT_WINDOW_SECONDS, RESERVATION_GRACE_SECONDS } from "../payments/payments.service";
import type { OrderRow, OrdersService } from "./orders.service";

export type PlacedOrder = { orderId: string; checkoutUrl: string };

/**
 * Place Order: the server prices the bag from the database, reserves its stock, creates the order and its
 * first payment attempt in one transaction, and only then asks PhonePe for its checkout page.
 */
export function createPlaceOrder({
  db,
  catalog,
  orders,
  payments,
  addresses,
  publicUrl,
}: {
  db: Database;
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  addresses: AddressesService;
  publicUrl: string;
}) {
  const origin = new URL(publicUrl).origin;

  /** Where PhonePe sends the shopper back: the client's page on this store, or the callback page. */
  function returnUrl(requested: string | undefined): URL {
    let url: URL;
    try {
      url = new URL(requested ?? "/payment/callback", origin);
    } catch {
      throw badRequest(ORDER_MESSAGES.redirectUrl);
    }
    if (url.origin !== origin) throw badRequest(ORDER_MESSAGES.redirectUrl);
    return url;
  }

  async function deliveryAddress(
    user: AuthenticatedUser,
    request: PlaceOrderRequest,
  ): Promise<ShippingAddress> {
    let saved: Omit<Address, "id">;
    if (request.addressId !== undefined) {
      saved = await addresses.get(user.userId, request.addressId);
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
      saved = parsed.data;
    } else {
      throw badRequest(ORDER_MESSAGES.selectAddress);
    }
    return {
      fullName: saved.name,
      address: saved.address,
      street: saved.address,
      city: saved.city,
      state: saved.state,
      postalCode: saved.pincode,
      country: "India",
      phone: saved.phone,
      email: user.email,
    };
  }

  /** The bag's lines with repeated id+size pairs added up, as one line each. */
  function mergedLines(request: PlaceOrderRequest): StockLine[] {
    const lines = new Map<string, StockLine>();
    for (const item of request.items) {
      const key = `${item.id}|${item.size}`;
      const line = lines.get(key) ?? { productId: item.id, size: item.size, quantity: 0 };
      line.quantity += item.quantity;
      if (line.quantity > MAX_LINE_QUANTITY) throw badRequest(ORDER_MESSAGES.quantity);
      lines.set(key, line);
    }
    return [...lines.values()];
  }

  /** Prices the client showed must still be the prices: a changed or tampered one is refused. */
  function checkClientPrices(request: PlaceOrderRequest, lines: PricedLine[]) {
    const errors: Record<string, string> = {};
    request.items.forEach((item, index) => {
      const line = lines.find((l) => l.productId === item.id && l.size === item.size)!;
      if (item.price !== undefined && rupeesToPaise(item.price) !== line.unitPricePaise)
        errors[`items.${index}.price`] = `${line.name} now costs ${formatPaise(line.unitPricePaise)}.`;
    });
    const totalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
    if (request.totalAmount !== undefined && rupeesToPaise(request.totalAmount) !== totalPaise)
      errors.totalAmount = `The total is now ${formatPaise(totalPaise)}.`;
    if (Object.keys(errors).length > 0) throw new HttpError(409, ORDER_MESSAGES.pricesChanged, errors);
  }

  /** The answer for an order this checkout attempt already placed (a double click or a retried request). */
  async function answerFor(order: OrderRow): Promise<PlacedOrder> {
    const payment = await payments.latestAttempt(order.id);
    if (payment?.state === "PENDING" && payment.checkoutUrl)
      return { orderId: order.publicId, checkoutUrl: payment.checkoutUrl };
    if (payment?.state === "COMPLETED") throw conflict("This order is already paid.");
    throw conflict("Your order is being placed. Please wait a moment.");
  }

  return async function placeOrder(
    user: AuthenticatedUser,
    request: PlaceOrderRequest,
    idempotencyKey: string | null,
  ): Promise<PlacedOrder> {
    const redirect = returnUrl(request.redirectUrl);
    if (idempotencyKey) {
      const existing = await orders.findByIdempotencyKey(user.userId, idempotencyKey);
      if (existing) return answerFor(existing);
    }
    const shippingAddress = await deliveryAddress(user, request);
    const lines = await catalog.priceLines(mergedLines(request));
    checkClientPrices(request, lines);

    let created: { order: OrderRow; payment: Awaited<ReturnType<PaymentsService["createAttempt"]>> };
    try {
      created = await db.transaction(async (tx) => {
        await catalog.reserveStock(tx, lines);
        const order = await orders.create(tx, {
          userId: user.userId,
          lines,
          shippingAddress,
          idempotencyKey,
          reservedUntil: new Date(Date.now() + (PAYMENT_WINDOW_SECONDS + RESERVATION_GRACE_SECONDS) * 1000),
        });
        return { order, payment: await payments.createAttempt(tx, order) };
      });
    } catch (error) {
      // The same checkout attempt placed at the same moment by another request: answer with that order.
      if (idempotencyKey && isUniqueViolation(error)) {
        const existing = await orders.findByIdempotencyKey(user.userId, idempotencyKey);
        if (existing) return answerFor(existing);
      }
      throw error;
    }

    redirect.searchParams.set("orderId", created.order.publicId);
    const checkoutUrl = await payments.start(created.payment, created.order, redirect.toString());
    return { orderId: created.order.publicId, checkoutUrl };
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
