import { z } from "zod";

/**
 * Delhivery's B2C API on the wire (../shared/reference/delhivery.md), as Zod schemas that the client, the
 * built-in sandbox and the scan-push route share: nothing Delhivery sends is read without them. What the
 * reference marks unverified is read leniently (optional fields, unknown keys kept out) rather than assumed.
 */

export const DELHIVERY_HOSTS = {
  staging: "https://staging-express.delhivery.com",
  production: "https://track.delhivery.com",
} as const;

export const DELHIVERY_PATHS = {
  pincodes: "/c/api/pin-codes/json/",
  expectedTat: "/api/dc/expected_tat",
  create: "/api/cmu/create.json",
  edit: "/api/p/edit",
  label: "/api/p/packing_slip",
  pickup: "/fm/request/new/",
  track: "/api/v1/packages/json/",
  ndr: "/api/p/update",
} as const;

/** "Y" or "N", as the pincode answer gives each service. */
const yesNo = z.enum(["Y", "N"]);

/** GET pin-codes: one pincode's services, or an empty list when it is not served (or not a pincode). */
export const pincodeAnswer = z.object({
  delivery_codes: z.array(
    z.object({
      postal_code: z.object({
        pin: z.coerce.number().int(),
        city: z.string().optional(),
        district: z.string().optional(),
        state_code: z.string().optional(),
        pre_paid: yesNo,
        cod: yesNo,
        pickup: yesNo.optional(),
        is_oda: yesNo.optional(),
        /** "Embargo" when the pincode is closed for now; empty when served. */
        remarks: z.string().optional().default(""),
      }),
    }),
  ),
});
export type PincodeAnswer = z.infer<typeof pincodeAnswer>;

/** GET expected_tat: days from hand-over (the reference's shape is unverified: `data.tat` is what clients read). */
export const expectedTatAnswer = z.object({
  success: z.boolean().optional(),
  msg: z.string().optional(),
  data: z.object({ tat: z.coerce.number().int().min(0).max(60) }),
});

export const paymentMode = z.enum(["Prepaid", "COD", "Pickup", "REPL"]);

/** One shipment of POST create.json's `data` (before it is URL-encoded into the form body). */
export const shipmentRequest = z.object({
  name: z.string().min(1),
  add: z.string().min(1),
  pin: z.string().regex(/^\d{6}$/),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  phone: z.string().min(10),
  order: z.string().min(1).max(49),
  payment_mode: paymentMode,
  cod_amount: z.number().min(0).optional(),
  total_amount: z.number().min(0),
  products_desc: z.string().optional(),
  hsn_code: z.string().optional(),
  quantity: z.number().int().min(1).optional(),
  /** Grams. */
  weight: z.number().positive(),
  /** Centimetres. */
  shipment_length: z.number().positive().optional(),
  shipment_width: z.number().positive().optional(),
  shipment_height: z.number().positive().optional(),
  shipping_mode: z.enum(["Surface", "Express"]).optional(),
  seller_name: z.string().optional(),
  seller_gst_tin: z.string().optional(),
  seller_inv: z.string().optional(),
  return_name: z.string().optional(),
  return_add: z.string().optional(),
  return_city: z.string().optional(),
  return_state: z.string().optional(),
  return_pin: z.string().optional(),
  return_country: z.string().optional(),
  return_phone: z.string().optional(),
  waybill: z.string().optional(),
});
export type ShipmentRequest = z.infer<typeof shipmentRequest>;

export const createRequest = z.object({
  shipments: z.array(shipmentRequest).min(1),
  pickup_location: z.object({ name: z.string().min(1) }),
});
export type CreateRequest = z.infer<typeof createRequest>;

/** POST create.json's answer: HTTP 200 for failures too (`success: false`, a package with status "Fail"). */
export const createAnswer = z.object({
  success: z.boolean(),
  rmk: z.string().optional(),
  upload_wbn: z.string().optional(),
  packages: z
    .array(
      z.object({
        waybill: z.string(),
        refnum: z.string().optional(),
        status: z.string(),
        remarks: z.union([z.array(z.string()), z.string()]).optional(),
        serviceable: z.boolean().optional(),
      }),
    )
    .default([]),
});
export type CreateAnswer = z.infer<typeof createAnswer>;

/** POST api/p/edit (a cancel or an edit): the JSON form of its answer; the client always asks for JSON. */
export const cancelAnswer = z.object({
  /** true or "True" (either spelling): read as a boolean. */
  status: z
    .union([z.boolean(), z.enum(["True", "False", "true", "false"])])
    .transform((status) => status === true || String(status).toLowerCase() === "true"),
  waybill: z.string().optional(),
  remark: z.string().optional(),
});

/** GET packing_slip?pdf=true: a pre-signed link to the label, or no package when it is not manifested yet. */
export const labelAnswer = z.object({
  packages_found: z.number().int(),
  packages: z.array(z.object({ wbn: z.string(), pdf_download_link: z.url().optional() })),
});

export const pickupRequest = z.object({
  pickup_time: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  pickup_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  pickup_location: z.string().min(1),
  expected_package_count: z.number().int().min(1),
});
export type PickupRequest = z.infer<typeof pickupRequest>;

/** POST fm/request/new: a pickup id, or errors keyed by field (`pr_exist` when one is already open). */
export const pickupAnswer = z.union([
  z.object({ pickup_id: z.coerce.number().int(), pickup_date: z.string().optional() }),
  z.record(z.string(), z.unknown()),
]);

/** One scan: a status, its kind (UD forward, DL terminal, RT return, PP/PU reverse, CN cancelled) and its code. */
export const scanStatus = z.object({
  Status: z.string(),
  StatusType: z.string(),
  StatusDateTime: z.string(),
  StatusLocation: z.string().optional().default(""),
  Instructions: z.string().optional().default(""),
  StatusCode: z.string().optional(),
});
export type ScanStatus = z.infer<typeof scanStatus>;

/** GET packages/json: each waybill's shipment with its scans, or `Error` when one is unknown. */
export const trackAnswer = z.union([
  z.object({
    ShipmentData: z.array(
      z.object({
        Shipment: z.object({
          AWB: z.string(),
          ReferenceNo: z.string().optional(),
          Status: scanStatus,
          Scans: z
            .array(
              z.object({
                ScanDetail: z.object({
                  Scan: z.string(),
                  ScanType: z.string(),
                  StatusCode: z.string().optional(),
                  ScanDateTime: z.string(),
                  ScannedLocation: z.string().optional().default(""),
                  Instructions: z.string().optional().default(""),
                }),
              }),
            )
            .optional()
            .default([]),
        }),
      }),
    ),
  }),
  z.object({ Error: z.string() }),
]);
export type TrackAnswer = z.infer<typeof trackAnswer>;

/** The scan push Delhivery POSTs for every scan (one immediate retry, then it is lost: the poll fills gaps). */
export const scanPush = z.object({
  Shipment: z.object({
    AWB: z.string().min(1),
    ReferenceNo: z.string().optional(),
    NSLCode: z.string().optional(),
    Status: scanStatus,
  }),
});
export type ScanPush = z.infer<typeof scanPush>;

/** POST api/p/update: asks the courier to act on a failed delivery attempt (NDR), such as another attempt. */
export const ndrRequest = z.object({
  data: z
    .array(z.object({ waybill: z.string().min(1), act: z.enum(["RE-ATTEMPT", "DEFER_DLV", "EDIT_DETAILS"]) }))
    .min(1)
    .max(1000),
});
/** Its answer's shape is unverified: an upload id to poll when it was taken, or an error in the courier's words. */
export const ndrAnswer = z.object({
  success: z.boolean().optional(),
  request_id: z.string().optional(),
  error: z.string().optional(),
});

/** Delhivery's timestamps are India's time without an offset ("2024-09-20T15:41:19.002"): read as IST. */
export function courierTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/.exec(text.trim());
  if (!match) {
    const withOffset = new Date(text);
    return Number.isNaN(withOffset.getTime()) ? null : withOffset;
  }
  const date = new Date(`${match[1]}T${match[2]}+05:30`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time as Delhivery writes it: India's, without an offset, to the millisecond. */
export function courierTimeText(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().replace("Z", "");
}
