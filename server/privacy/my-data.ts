import { asc, desc, eq, inArray, or } from "drizzle-orm";
import type { GrievanceTicket } from "../../contract/grievances";
import { PRIVACY_NOTICE_VERSION } from "../../contract/privacy-rules";
import { users } from "../accounts/accounts.tables";
import { addresses } from "../addresses/addresses.tables";
import { products } from "../catalog/catalog.tables";
import type { Database } from "../db/client";
import { unauthorized } from "../lib/errors";
import { whatsappMessages, whatsappVerifiedNumbers } from "../messaging/messaging.tables";
import { orderItems, orders } from "../orders/orders.tables";
import { returnsOf, returnView } from "../returns/return-views";
import { productReviews } from "../reviews/reviews.tables";
import { savedMeasurements } from "../tailoring/tailoring.tables";
import type { Consents } from "./consents";

const rupees = (paise: number) => paise / 100;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the store keeps about one shopper, as the file "Download my data" gives her (decision 045). It
 * reads across the domains' tables by design: one place that says what "her data" is, read-only, by her id.
 */
export function createMyData({
  db,
  consents,
  ticketsOf,
}: {
  db: Database;
  consents: Consents;
  ticketsOf: (userId: number) => Promise<GrievanceTicket[]>;
}) {
  async function collect(userId: number) {
    const [profile] = await db
      .select({
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        billingAddress: users.billingAddress,
        verifiedAt: users.verifiedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!profile) throw unauthorized("Please log in to continue.");

    const [savedAddresses, orderRows, reviewRows, measurements, tickets, consentLog, [verified]] =
      await Promise.all([
        db
          .select({
            name: addresses.name,
            phone: addresses.phone,
            address: addresses.address,
            city: addresses.city,
            district: addresses.district,
            state: addresses.state,
            country: addresses.country,
            pincode: addresses.pincode,
            createdAt: addresses.createdAt,
          })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(asc(addresses.id)),
        db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)),
        db
          .select({
            product: products.name,
            rating: productReviews.rating,
            title: productReviews.title,
            text: productReviews.text,
            status: productReviews.status,
            createdAt: productReviews.createdAt,
          })
          .from(productReviews)
          .innerJoin(products, eq(products.id, productReviews.productId))
          .where(eq(productReviews.userId, userId))
          .orderBy(desc(productReviews.id)),
        db
          .select({
            label: savedMeasurements.label,
            unit: savedMeasurements.unit,
            measurements: savedMeasurements.measurements,
          })
          .from(savedMeasurements)
          .where(eq(savedMeasurements.userId, userId)),
        ticketsOf(userId),
        consents.log(userId),
        db
          .select({ phone: whatsappVerifiedNumbers.phone, verifiedAt: whatsappVerifiedNumbers.verifiedAt })
          .from(whatsappVerifiedNumbers)
          .where(eq(whatsappVerifiedNumbers.userId, userId)),
      ]);
    const orderIds = orderRows.map((order) => order.id);
    const [lines, returns, messages] = await Promise.all([
      orderIds.length
        ? db
            .select()
            .from(orderItems)
            .where(inArray(orderItems.orderId, orderIds))
            .orderBy(asc(orderItems.id))
        : [],
      returnsOf(db, orderIds),
      // What went to her on WhatsApp: her orders' updates and her codes (never a code itself).
      db
        .select({
          orderId: whatsappMessages.orderId,
          event: whatsappMessages.event,
          template: whatsappMessages.template,
          to: whatsappMessages.to,
          status: whatsappMessages.status,
          createdAt: whatsappMessages.createdAt,
          sentAt: whatsappMessages.sentAt,
          deliveredAt: whatsappMessages.deliveredAt,
          readAt: whatsappMessages.readAt,
          failedAt: whatsappMessages.failedAt,
          fellBackToMailAt: whatsappMessages.fellBackAt,
        })
        .from(whatsappMessages)
        .where(
          orderIds.length
            ? or(eq(whatsappMessages.userId, userId), inArray(whatsappMessages.orderId, orderIds))
            : eq(whatsappMessages.userId, userId),
        )
        .orderBy(asc(whatsappMessages.id)),
    ]);
    const publicIdOf = new Map(orderRows.map((order) => [order.id, order.publicId]));

    return {
      exportedAt: new Date().toISOString(),
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      profile: { ...profile, verifiedAt: iso(profile.verifiedAt), createdAt: iso(profile.createdAt) },
      addresses: savedAddresses.map((address) => ({ ...address, createdAt: iso(address.createdAt) })),
      orders: orderRows.map((order) => ({
        orderId: order.publicId,
        placedAt: iso(order.createdAt),
        status: order.status,
        paymentStatus: order.paymentStatus,
        paymentMethod: order.paymentMethod,
        subtotal: rupees(order.subtotalPaise),
        delivery: rupees(order.deliveryPaise),
        cashOnDeliveryFee: rupees(order.codFeePaise),
        discountForPayingOnline: rupees(order.prepaidDiscountPaise),
        total: rupees(order.totalPaise),
        shippingAddress: order.shippingAddress,
        paidAt: iso(order.paidAt),
        shippedAt: iso(order.shippedAt),
        deliveredAt: iso(order.deliveredAt),
        courier: order.courier,
        trackingNumber: order.trackingNumber,
        lines: lines
          .filter((line) => line.orderId === order.id)
          .map((line) => ({
            name: line.name,
            size: line.size,
            quantity: line.quantity,
            unitPrice: rupees(line.unitPricePaise),
            customization: line.customization,
          })),
        // Her returns of its pieces, with their tickets' numbers (the reasons and photos are on the tickets).
        returns: returns
          .filter((found) => found.row.orderId === order.id)
          .map((found) => returnView(found.row, found.ticketNumber)),
      })),
      reviews: reviewRows.map((review) => ({ ...review, createdAt: iso(review.createdAt) })),
      savedMeasurements: measurements,
      grievanceTickets: tickets,
      consents: consentLog,
      whatsapp: {
        verifiedNumber: verified ? { phone: verified.phone, verifiedAt: iso(verified.verifiedAt) } : null,
        messages: messages.map(
          ({ orderId, createdAt, sentAt, deliveredAt, readAt, failedAt, fellBackToMailAt, ...message }) => ({
            ...message,
            orderId: orderId === null ? null : (publicIdOf.get(orderId) ?? null),
            createdAt: iso(createdAt),
            sentAt: iso(sentAt),
            deliveredAt: iso(deliveredAt),
            readAt: iso(readAt),
            failedAt: iso(failedAt),
            fellBackToMailAt: iso(fellBackToMailAt),
          }),
        ),
      },
    };
  }

  /** The file's bytes: pretty-printed JSON, to read as well as to import elsewhere. */
  async function file(userId: number): Promise<Uint8Array> {
    return new TextEncoder().encode(`${JSON.stringify(await collect(userId), null, 2)}\n`);
  }

  return { collect, file };
}

export type MyData = ReturnType<typeof createMyData>;
