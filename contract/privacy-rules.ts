/** The privacy notice's version: each consent row records the one the shopper was shown (decision 045). */
export const PRIVACY_NOTICE_VERSION = "2026-11-29";
export const PRIVACY_NOTICE_DATE = { iso: "2026-11-29", label: "29 November 2026" } as const;

/** What the optional marketing consent covers, word for word where the shopper gives it. */
export const MARKETING_CONSENT_TEXT =
  "Send me occasional e-mails about new collections, festive offers and sales. Optional: orders, codes and complaints are mailed either way, and I can stop these in one click on my account page.";

/**
 * What the optional WhatsApp consent covers (decision 053), word for word where the shopper gives it: order
 * updates from the store on WhatsApp, to the number shown beside it.
 */
export const WHATSAPP_CONSENT_TEXT =
  "Send my order updates on WhatsApp: Rangoli Boutique's messages when the order is placed, paid, shipped, out for delivery, delivered, cancelled or refunded. Optional: receipts, invoices and refunds are e-mailed either way, and news of the parcel comes by e-mail when WhatsApp cannot deliver it. I can stop these on my account page or by replying STOP.";

export const CONSENT_PURPOSES = ["marketing", "whatsapp"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const PRIVACY_MESSAGES = {
  deletionOpenOrder: (orderId: string) =>
    `Your account cannot be deleted yet: order ${orderId} is still open (awaiting payment, being prepared, on its way or owed a refund). Once it is delivered, cancelled or refunded you can delete your account, or write to us.`,
  deletionCodeSent: "We have e-mailed you a code. Enter it to delete your account.",
  deleted: "Your account has been deleted. Your personal data has been erased.",
  consentGiven: "You will receive our marketing e-mails. You can stop them at any time.",
  consentWithdrawn: "You will no longer receive marketing e-mails.",
} as const;
