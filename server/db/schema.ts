// The tables of every domain, for Drizzle's typed queries and for drizzle-kit's migrations.
export * from "../media/media.tables";
export * from "../catalog/catalog.tables";
export * from "../contact/contact.tables";
export * from "../mail/mail.tables";
export * from "../accounts/accounts.tables";
export * from "../addresses/addresses.tables";
export * from "../orders/orders.tables";
export * from "../payments/payments.tables";
export * from "../stock-alerts/stock-alerts.tables";
export * from "../reviews/reviews.tables";
export * from "../gst/gst.tables";
export * from "../tailoring/tailoring.tables";
export * from "../settings/settings.tables";
export * from "../shipping/shipping.tables";
export * from "../grievances/grievances.tables";
export * from "../privacy/privacy.tables";
export * from "../returns/returns.tables";
