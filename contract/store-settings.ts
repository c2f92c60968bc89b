import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { GST_STATE_CODES } from "./indian-states";

/**
 * The shop's settings the owner changes on /admin/settings (issue 38, decision 042): stored in the database,
 * the environment variables of before as their first values. The same schema checks the form in the browser
 * and the update on the server. Money in rupees, as the API speaks it (decision 001).
 */
export const SETTINGS_MESSAGES = {
  deliveryCharge: "Give a delivery charge from ₹0 to ₹10,000, in rupees and paise.",
  freeDeliveryFrom: "Give a free-delivery amount from ₹0 to ₹10,00,000, in rupees and paise.",
  gstLegalName: "Give the legal name as registered for GST (2 to 200 characters).",
  gstAddress: "Give the principal place of business as registered for GST (10 to 500 characters).",
  gstinFormat: "A GSTIN is 15 letters and digits, such as 36AAACR0000D1ZC.",
  gstinState: "A GSTIN starts with the two digits of an Indian state's GST code.",
  gstinChecksum: "This GSTIN's last character does not match its check digit: check it for a typing mistake.",
  dispatchDays: "Give the dispatch time as a whole number of days from 1 to 30.",
  carePhone: "Give a phone number of 10 to 13 digits, such as +91 98480 12345.",
  careEmail: "Give an e-mail address, such as care@example.in.",
  officerName: "Give the grievance officer's name (2 to 100 characters).",
  officerDesignation: "Give the grievance officer's designation (2 to 100 characters).",
  officerEmail: "Give the grievance officer's e-mail address.",
  officerPhone: "Give the grievance officer's phone number: 10 to 13 digits.",
  codMaxOrder: "Give the largest order paid in cash, from ₹0 (no Cash on Delivery) to ₹1,00,000, in rupees.",
  codOpenOrders: "Give how many cash orders a shopper may have on their way, a whole number from 1 to 10.",
  codConfirmHours: "Give the hours a cash order waits for its confirmation, a whole number from 1 to 168.",
  codCustomised: "Choose whether pieces made to measure may be paid in cash.",
  codFee: "Give the fee for paying in cash, from ₹0 (none) to ₹500, in rupees.",
  prepaidDiscount: "Give the discount for paying online, from ₹0 (none) to ₹500, in rupees.",
  returnDays: "Give the days after delivery a return may be asked for, a whole number from 1 to 30.",
  parcelWeight: "Give the usual parcel's weight in grams, a whole number from 50 to 30,000.",
  parcelSide: "Give each side of the usual parcel in centimetres, a whole number from 1 to 150.",
  whatsappMessageCost: "Give what Meta charges for a WhatsApp message, from ₹0 to ₹10, in rupees and paise.",
  nothing: "Change at least one setting.",
} as const;

const GSTIN_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (mod 36, weights 1 and 2 alternately). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARACTERS.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

const rupeesBetween = (max: number, error: string) =>
  z
    .number({ error })
    .min(0, { error })
    .max(max, { error })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error });

export const gstin = z
  .string({ error: SETTINGS_MESSAGES.gstinFormat })
  .trim()
  .toUpperCase()
  .regex(GSTIN_FORMAT, { error: SETTINGS_MESSAGES.gstinFormat, abort: true })
  .refine((value) => value.slice(0, 2) in GST_STATE_CODES, {
    error: SETTINGS_MESSAGES.gstinState,
    abort: true,
  })
  .refine((value) => gstinCheckCharacter(value) === value[14], { error: SETTINGS_MESSAGES.gstinChecksum });

const textBetween = (min: number, max: number, error: string) =>
  z.string({ error }).trim().min(min, { error }).max(max, { error });

/** A phone number as people write it (+91, spaces, dashes): 10 to 13 digits. */
const phoneNumber = (error: string) =>
  textBetween(10, 20, error).refine(
    (value) => /^\+?[\d\s()-]+$/.test(value) && /^\d{10,13}$/.test(value.replace(/\D/g, "")),
    { error },
  );

const wholeBetween = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

const emailAddress = (error: string) =>
  z.string({ error }).trim().toLowerCase().max(254, { error }).pipe(z.email({ error }));

/** Every setting, as the API and the form give it. */
export const storeSettingsFields = {
  /** The delivery charge below the free-delivery amount (rupees). */
  deliveryCharge: rupeesBetween(10_000, SETTINGS_MESSAGES.deliveryCharge),
  /** A bag's subtotal from which delivery is free (rupees). */
  freeDeliveryFrom: rupeesBetween(10_00_000, SETTINGS_MESSAGES.freeDeliveryFrom),
  /** The supplier on GST invoices and credit notes issued from now on. */
  gstLegalName: z
    .string({ error: SETTINGS_MESSAGES.gstLegalName })
    .trim()
    .min(2, { error: SETTINGS_MESSAGES.gstLegalName })
    .max(200, { error: SETTINGS_MESSAGES.gstLegalName }),
  gstAddress: z
    .string({ error: SETTINGS_MESSAGES.gstAddress })
    .trim()
    .min(10, { error: SETTINGS_MESSAGES.gstAddress })
    .max(500, { error: SETTINGS_MESSAGES.gstAddress }),
  gstin,
  /** Working days from payment to dispatch, as pages and mails promise it. */
  dispatchDays: z
    .number({ error: SETTINGS_MESSAGES.dispatchDays })
    .int({ error: SETTINGS_MESSAGES.dispatchDays })
    .min(1, { error: SETTINGS_MESSAGES.dispatchDays })
    .max(30, { error: SETTINGS_MESSAGES.dispatchDays }),
  /** Customer care, shown on every page with the legal name and address (E-Commerce Rules 2020, rule 4). */
  carePhone: phoneNumber(SETTINGS_MESSAGES.carePhone),
  careEmail: emailAddress(SETTINGS_MESSAGES.careEmail),
  /** The grievance officer the rules require: name, designation and contacts, shown on every page. */
  grievanceOfficerName: textBetween(2, 100, SETTINGS_MESSAGES.officerName),
  grievanceOfficerDesignation: textBetween(2, 100, SETTINGS_MESSAGES.officerDesignation),
  grievanceOfficerEmail: emailAddress(SETTINGS_MESSAGES.officerEmail),
  grievanceOfficerPhone: phoneNumber(SETTINGS_MESSAGES.officerPhone),
  /** Cash on Delivery (decision 048): for orders up to this subtotal (rupees); 0 offers none. */
  codMaxOrder: rupeesBetween(1_00_000, SETTINGS_MESSAGES.codMaxOrder),
  /** How many of her cash orders a shopper may have placed and not yet delivered or cancelled. */
  codOpenOrders: wholeBetween(1, 10, SETTINGS_MESSAGES.codOpenOrders),
  /** Hours an unconfirmed cash order holds its pieces before it is cancelled. */
  codConfirmHours: wholeBetween(1, 168, SETTINGS_MESSAGES.codConfirmHours),
  /**
   * Whether a bag with a piece made to measure may be paid in cash ("no" at first: a made-to-measure piece
   * refused at the door cannot be sold to anyone else).
   */
  codCustomised: z.enum(["no", "yes"], { error: SETTINGS_MESSAGES.codCustomised }),
  /** What paying in cash adds to an order (rupees), shown beside the choice before Place Order; 0 for none. */
  codFee: rupeesBetween(500, SETTINGS_MESSAGES.codFee),
  /**
   * The prepaid nudge: what paying online takes off an order (rupees), shown beside Cash on Delivery; 0 (at
   * first) for none. Never more than the pieces' subtotal.
   */
  prepaidDiscount: rupeesBetween(500, SETTINGS_MESSAGES.prepaidDiscount),
  /**
   * Returns the law requires (decision 051): the days after delivery a shopper may ask to return a piece
   * that came damaged, defective, wrong or not as described (7 at first, as the FAQ says).
   */
  returnDays: wholeBetween(1, 30, SETTINGS_MESSAGES.returnDays),
  /** The usual parcel handed to the courier (decision 050): staff change it per order when it differs. */
  parcelWeightGrams: wholeBetween(50, 30_000, SETTINGS_MESSAGES.parcelWeight),
  parcelLengthCm: wholeBetween(1, 150, SETTINGS_MESSAGES.parcelSide),
  parcelWidthCm: wholeBetween(1, 150, SETTINGS_MESSAGES.parcelSide),
  parcelHeightCm: wholeBetween(1, 150, SETTINGS_MESSAGES.parcelSide),
  /**
   * What Meta charges per utility or authentication message to India (rupees, ₹0.12 at first; decision 053):
   * the dashboard's estimate of the month's WhatsApp bill.
   */
  whatsappMessageCost: rupeesBetween(10, SETTINGS_MESSAGES.whatsappMessageCost),
};

export const storeSettings = z.object(storeSettingsFields);
export type StoreSettings = z.infer<typeof storeSettings>;
export type StoreSettingName = keyof StoreSettings;

/** The settings in the order the page shows them. */
export const STORE_SETTING_NAMES = [
  "deliveryCharge",
  "freeDeliveryFrom",
  "gstLegalName",
  "gstAddress",
  "gstin",
  "dispatchDays",
  "carePhone",
  "careEmail",
  "grievanceOfficerName",
  "grievanceOfficerDesignation",
  "grievanceOfficerEmail",
  "grievanceOfficerPhone",
  "codMaxOrder",
  "codOpenOrders",
  "codConfirmHours",
  "codCustomised",
  "codFee",
  "prepaidDiscount",
  "returnDays",
  "parcelWeightGrams",
  "parcelLengthCm",
  "parcelWidthCm",
  "parcelHeightCm",
  "whatsappMessageCost",
] as const satisfies readonly StoreSettingName[];

/** The settings given in rupees (the database keeps paise), and every setting given as a number. */
export const RUPEE_SETTINGS: ReadonlySet<StoreSettingName> = new Set([
  "deliveryCharge",
  "freeDeliveryFrom",
  "codMaxOrder",
  "codFee",
  "prepaidDiscount",
  "whatsappMessageCost",
]);
export const NUMBER_SETTINGS: ReadonlySet<StoreSettingName> = new Set([
  ...RUPEE_SETTINGS,
  "dispatchDays",
  "codOpenOrders",
  "codConfirmHours",
  "returnDays",
  "parcelWeightGrams",
  "parcelLengthCm",
  "parcelWidthCm",
  "parcelHeightCm",
]);

/** The settings page's groups, in order: each a fieldset of the names it lists. */
export const STORE_SETTING_GROUPS: { legend: string; names: readonly StoreSettingName[] }[] = [
  { legend: "Delivery", names: ["deliveryCharge", "freeDeliveryFrom", "dispatchDays"] },
  { legend: "Seller (GST and every page's footer)", names: ["gstLegalName", "gstAddress", "gstin"] },
  { legend: "Customer care", names: ["carePhone", "careEmail"] },
  {
    legend: "Grievance officer",
    names: [
      "grievanceOfficerName",
      "grievanceOfficerDesignation",
      "grievanceOfficerEmail",
      "grievanceOfficerPhone",
    ],
  },
  {
    legend: "Cash on Delivery",
    names: ["codMaxOrder", "codOpenOrders", "codConfirmHours", "codCustomised", "codFee", "prepaidDiscount"],
  },
  { legend: "Returns", names: ["returnDays"] },
  {
    legend: "The usual parcel (courier)",
    names: ["parcelWeightGrams", "parcelLengthCm", "parcelWidthCm", "parcelHeightCm"],
  },
  { legend: "WhatsApp", names: ["whatsappMessageCost"] },
];

export const STORE_SETTING_LABELS: Record<StoreSettingName, string> = {
  deliveryCharge: "Delivery charge (₹)",
  freeDeliveryFrom: "Free delivery from (₹)",
  gstLegalName: "GST legal name",
  gstAddress: "GST address",
  gstin: "GSTIN",
  dispatchDays: "Dispatch time (days)",
  carePhone: "Customer care phone",
  careEmail: "Customer care e-mail",
  grievanceOfficerName: "Grievance officer's name",
  grievanceOfficerDesignation: "Grievance officer's designation",
  grievanceOfficerEmail: "Grievance officer's e-mail",
  grievanceOfficerPhone: "Grievance officer's phone",
  codMaxOrder: "Cash on Delivery up to (₹; 0 for none)",
  codOpenOrders: "Cash orders on their way per shopper",
  codConfirmHours: "Hours to confirm a cash order",
  codCustomised: "Cash on Delivery for pieces made to measure",
  codFee: "Cash on Delivery fee (₹; 0 for none)",
  prepaidDiscount: "Discount for paying online (₹; 0 for none)",
  returnDays: "Days after delivery to ask for a return",
  parcelWeightGrams: "Weight (grams)",
  parcelLengthCm: "Length (cm)",
  parcelWidthCm: "Width (cm)",
  parcelHeightCm: "Height (cm)",
  whatsappMessageCost: "Price of a WhatsApp message (₹, for the dashboard's estimate)",
};

/** An update: any of the settings, at least one; a setting not named keeps its value. */
export const storeSettingsUpdate = storeSettings
  .partial()
  .strict()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: SETTINGS_MESSAGES.nothing,
  });
export type StoreSettingsUpdate = z.infer<typeof storeSettingsUpdate>;

/** One change of one setting: who made it, when, from what to what. */
export const storeSettingChange = z.object({
  setting: z.enum(STORE_SETTING_NAMES),
  from: z.union([z.string(), z.number()]),
  to: z.union([z.string(), z.number()]),
  changedBy: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  changedAt: z.string(),
});
export type StoreSettingChange = z.infer<typeof storeSettingChange>;

const settingsWithHistory = envelope(
  z.object({
    settings: storeSettings,
    /** The most recent changes, newest first. */
    history: z.array(storeSettingChange),
  }),
);

/** The settings as they stand and their recent changes. The super admin's only. */
export const storeSettingsCall = defineCall({
  method: "GET",
  path: "/admin/settings",
  tag: "settings",
  output: settingsWithHistory,
});

/** Changes some settings (each change recorded); answers as storeSettingsCall does. The super admin's only. */
export const updateStoreSettingsCall = defineCall({
  method: "POST",
  path: "/admin/settings/update",
  tag: "settings",
  body: storeSettingsUpdate,
  output: settingsWithHistory,
});

/**
 * Who sells, and whom to call or complain to, as the E-Commerce Rules 2020 ask every page to show: from the
 * owner's settings (the GST legal name and address are the seller's).
 */
export const sellerDetails = z.object({
  legalName: z.string(),
  address: z.string(),
  gstin: z.string(),
  carePhone: z.string(),
  careEmail: z.string(),
  grievanceOfficer: z.object({
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  /** The days after delivery a return of a damaged, defective, wrong or not-as-described piece may be asked. */
  returnDays: z.number().int(),
});
export type SellerDetails = z.infer<typeof sellerDetails>;

/** The seller's details and grievance officer as they stand, for the footer and the Grievances page. Public. */
export const sellerDetailsCall = defineCall({
  method: "GET",
  path: "/store/seller",
  tag: "settings",
  output: envelope(sellerDetails),
});

/** The settings chosen from a list rather than typed, with each choice's words. */
export const STORE_SETTING_CHOICES: Partial<Record<StoreSettingName, Record<string, string>>> = {
  codCustomised: { no: "No: pay online for pieces made to measure", yes: "Yes, like any piece" },
};
