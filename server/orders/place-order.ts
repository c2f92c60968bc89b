import { createHash } from "node:crypto";
import { ADDRESS_MESSAGES, addressInput, type Address } from "../../contract/addresses";
import { formatPaise, rupeesToPaise } from "../../contract/money";
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_PAISE,
  ORDER_MESSAGES,
  PAYMENT_CALLBACK_PATH,
  type PlaceOrderItem,
  type PlaceOrderRequest,
  type ShippingAddress,
} from "../../contract/orders";
import { checkedPlace, type AddressesService } from "../addresses/addresses.service";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { CatalogService, StockLine } from "../catalog/catalog.service";
import { isUniqueViolation, type Database, type Executor } from "../db/client";
import { badRequest, Conflict, conflict, HttpError, Unavailable } from "../lib/errors";
import type { PaymentsService } from "../payments/payments.service";
import { placedFromOf, type OrderHolds } from "./order-holds";
import { customizationKey } from "../../contract/customization-key";
import type { CustomizationRequest } from "../../contract/tailoring-rules";
import { customizeLine } from "../tailoring/customized-line";
import type { OrderLine } from "./create-order";
import type { OrdersService } from "./orders.service";
import type { OrderRow } from "./orders.tables";
import type { DeliveryCharges } from "./delivery-charge";

export type PlacedOrder = { orderId: string; checkoutUrl: string };

/** A line of the bag as asked for, before it is priced. */
type RequestedLine = StockLine & {
  customization: CustomizationRequest | undefined;
  key: string;
  index: number;
};

/** The same product, size and customisation make one line. */
const lineKey = (item: PlaceOrderItem) => `${item.id}|${item.size}|${customizationKey(item.customization)}`;

/** A Place Order request's fingerprint: its Idempotency-Key may only be sent again with the same request. */
const fingerprintOf = (request: PlaceOrderRequest) =>
  createHash("sha256").update(JSON.stringify(request)).digest("base64url");

const subtotalOf = (lines: readonly OrderLine[]) =>
  lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);

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
 * Place Order: the server prices the bag from the database, reserves its stock, creates the order and its
 * first payment attempt in one transaction, and only then asks PhonePe for its checkout page.
 */
export function createPlaceOrder({
  db,
  catalog,
  orders,
  payments,
  addresses,
  holds,
  delivery,
  publicUrl,
}: {
  db: Database;
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  addresses: AddressesService;
  holds: OrderHolds;
  delivery: DeliveryCharges;
  publicUrl: string;
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

  /**
   * The bag's lines with repeated lines (the same product, size and customisation) added up, as one line
   * each, with the index of the first item each came from (for the errors' field names). The quantity cap
   * counts a product and size across all lines, whatever their tailoring, so it cannot be split.
   */
  function mergedLines(request: PlaceOrderRequest): RequestedLine[] {
    const lines = new Map<string, RequestedLine>();
    const perSize = new Map<string, number>();
    request.items.forEach((item, index) => {
      const size = `${item.id}|${item.size}`;
      perSize.set(size, (perSize.get(size) ?? 0) + item.quantity);
      if (perSize.get(size)! > MAX_LINE_QUANTITY)
        throw badRequest(ORDER_MESSAGES.sizeQuantity, {
          [`items.${index}.quantity`]: ORDER_MESSAGES.sizeQuantity,
        });
      const key = lineKey(item);
      const line = lines.get(key) ?? {
        productId: item.id,
        size: item.size,
        quantity: 0,
        customization: item.customization,
        key,
        index,
      };
      line.quantity += item.quantity;
      if (line.quantity > MAX_LINE_QUANTITY) throw badRequest(ORDER_MESSAGES.quantity);
      lines.set(key, line);
    });
    return [...lines.values()];
  }

  /** Each line priced from the database: the product's price plus its customisation's charges. */
  async function priceOrderLines(requested: RequestedLine[]): Promise<(OrderLine & { key: string })[]> {
    const priced = await catalog.priceLines(requested);
    return priced.map((line, index) => {
      const { key, index: itemIndex, customization } = requested[index]!;
      const customized = customizeLine(line, customization);
      if (!customized.ok) {
        const [message] = Object.values(customized.problems);
        throw badRequest(
          message!,
          Object.fromEntries(
            Object.entries(customized.problems).map(([field, problem]) => [
              `items.${itemIndex}.customization.${field}`,
              problem,
            ]),
          ),
        );
      }
      return {
        key,
        productId: line.productId,
        size: line.size,
        quantity: line.quantity,
        name: line.name,
        image: line.image,
        unitPricePaise: line.unitPricePaise + customized.chargePaise,
        customization: customized.customization,
      };
    });
  }

  /**
   * Prices the client showed must still be the prices: a changed or tampered one is refused. The total the
   * shopper saw includes the delivery charge the server prices; the client never sets that charge.
   */
  function checkClientPrices(
    request: PlaceOrderRequest,
    lines: (OrderLine & { key: string })[],
    deliveryPaise: number,
  ) {
    const errors: Record<string, string> = {};
    request.items.forEach((item, index) => {
      const line = lines.find((l) => l.key === lineKey(item))!;
      if (item.price !== undefined && rupeesToPaise(item.price) !== line.unitPricePaise)
        errors[`items.${index}.price`] = `${line.name} now costs ${formatPaise(line.unitPricePaise)}.`;
    });
    const totalPaise = subtotalOf(lines) + deliveryPaise;
    if (request.totalAmount !== undefined && rupeesToPaise(request.totalAmount) !== totalPaise)
      errors.totalAmount =
        deliveryPaise > 0
          ? `The total is now ${formatPaise(totalPaise)}, with ${formatPaise(deliveryPaise)} for delivery.`
          : `The total is now ${formatPaise(totalPaise)}.`;
    if (Object.keys(errors).length > 0) throw new Conflict(ORDER_MESSAGES.pricesChanged, errors);
  }

  /** The answer for an order this checkout attempt already placed (a double click or a retried request). */
  async function answerFor(order: OrderRow): Promise<PlacedOrder> {
    const payment = await payments.latestAttempt(order.id);
    if (payment?.state === "PENDING" && payment.checkoutUrl)
      return { orderId: order.publicId, checkoutUrl: payment.checkoutUrl };
    if (payment?.state === "COMPLETED") throw conflict("This order is already paid.");
    throw conflict("Your order is being placed. Please wait a moment.");
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
    const requestHash = fingerprintOf(request);
    const before = await placedBefore(user.userId, idempotencyKey, requestHash);
    if (before) return answerFor(before);
    // Production without PhonePe's credentials: refused before anything is written or mailed.
    if (!payments.canTakePayments) throw new Unavailable(ORDER_MESSAGES.paymentUnavailable);
    const shippingAddress = await deliveryAddress(user, request);
    const lines = await priceOrderLines(mergedLines(request));
    const deliveryPaise = await delivery.chargeFor(subtotalOf(lines));
    checkClientPrices(request, lines, deliveryPaise);
    if (subtotalOf(lines) > MAX_ORDER_PAISE) throw badRequest(ORDER_MESSAGES.tooLarge);
    const placedFrom = placedFromOf(clientAddress);

    let created:
      | { order: OrderRow; payment: Awaited<ReturnType<PaymentsService["createAttempt"]>> }
      | { existing: OrderRow };
    try {
      created = await db.transaction(async (tx) => {
        await holds.admit(tx, { userId: user.userId, placedFrom, lines });
        // Admitted after the same checkout attempt's request that was waiting on the same account.
        const existing = await placedBefore(user.userId, idempotencyKey, requestHash, tx);
        if (existing) return { existing };
        await catalog.reserveStock(tx, lines);
        await holds.checkLimits(tx, { userId: user.userId, placedFrom, lines });
        const order = await orders.create(tx, {
          userId: user.userId,
          lines,
          deliveryPaise,
          shippingAddress,
          idempotencyKey,
          requestHash,
          placedFrom,
          ...holds.newHold(),
        });
        return { order, payment: await payments.createAttempt(tx, order) };
      });
    } catch (error) {
      // The same checkout attempt placed at the same moment by another request: answer with that order.
      if (idempotencyKey && isUniqueViolation(error)) {
        const existing = await placedBefore(user.userId, idempotencyKey, requestHash);
        if (existing) return answerFor(existing);
      }
      throw error;
    }
    if ("existing" in created) return answerFor(created.existing);

    redirect.searchParams.set("orderId", created.order.publicId);
    const checkoutUrl = await payments.start(created.payment, created.order, redirect.toString());
    return { orderId: created.order.publicId, checkoutUrl };
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
