import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { categories } from "../catalog/catalog.tables";
import { orders } from "../orders/orders.tables";
import type { ShipmentRequest } from "./delhivery-protocol";

/** How the built-in Delhivery sandbox answers, for tests and for trying the store's failure paths by hand. */
export const delhiverySandboxFailure = pgEnum("delhivery_sandbox_failure", [
  /** Answers as Delhivery does. */
  "none",
  /** HTTP 502 with an HTML page, as a proxy in front of Delhivery does. */
  "server-error",
  /** Answers later than the client waits. */
  "slow",
  /** HTTP 200 with JSON cut short. */
  "truncated",
]);

/**
 * The built-in Delhivery sandbox of this install: its API token, made at random on the first start and read back
 * by every process (as the PhonePe sandbox's credentials, decision 039), and how it fails. One row.
 */
export const delhiverySandbox = pgTable(
  "delhivery_sandbox",
  {
    id: smallint("id").primaryKey().default(1),
    token: text("token").notNull(),
    failure: delhiverySandboxFailure("failure").notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("delhivery_sandbox_one_row", sql`${table.id} = 1`)],
);

/** One scan as the built-in sandbox keeps it, in Delhivery's words (delhivery-protocol.ts's ScanDetail). */
export type SandboxScan = {
  Scan: string;
  ScanType: string;
  StatusCode: string;
  ScanDateTime: string;
  ScannedLocation: string;
  Instructions: string;
};

/**
 * The sandbox's shipments, as Delhivery keeps them: one per waybill, the create request it came from (its
 * `order` is the store's reference), its scans oldest first, and when the seller cancelled it.
 */
export const delhiverySandboxShipments = pgTable(
  "delhivery_sandbox_shipments",
  {
    waybill: text("waybill").primaryKey(),
    reference: text("reference").notNull(),
    request: jsonb("request").$type<ShipmentRequest>().notNull(),
    scans: jsonb("scans").$type<SandboxScan[]>().notNull().default([]),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("delhivery_sandbox_shipments_reference_idx").on(table.reference)],
);

/** The sandbox's pickup requests: one open request per warehouse and day, as Delhivery allows. */
export const delhiverySandboxPickups = pgTable(
  "delhivery_sandbox_pickups",
  {
    id: serial("id").primaryKey(),
    location: text("location").notNull(),
    pickupDate: text("pickup_date").notNull(),
    packages: integer("packages").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("delhivery_sandbox_pickups_day_idx").on(table.location, table.pickupDate)],
);

/**
 * Where a parcel handed to the courier is (decision 050): `creating` from the moment staff ask until the
 * courier's waybill is known (a retry after a lost answer first asks the courier for the reference, so one
 * order never gets two waybills), `created` once it has one, `refused` when the courier said no (its words
 * in `refusal`), `cancelled` when the seller cancelled it before pickup.
 */
export const COURIER_SHIPMENT_STATES = ["creating", "created", "refused", "cancelled"] as const;

/**
 * An order's parcel with the courier (issue 37): the waybill, the label, the pickup, the courier's latest
 * status and a failed delivery attempt (NDR) waiting for staff. It is also the tracking poll's job table:
 * `trackDueAt` is when the courier is asked next (null once the parcel's journey has ended).
 */
export const courierShipments = pgTable(
  "courier_shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    courier: text("courier", { enum: ["delhivery"] }).notNull(),
    /** What the courier knows the order by (Delhivery's `order`, `ReferenceNo`). */
    reference: text("reference").notNull().unique(),
    state: text("state", { enum: COURIER_SHIPMENT_STATES }).notNull().default("creating"),
    waybill: text("waybill").unique(),
    refusal: text("refusal"),
    /** While `creating`: until when one request is asking the courier (no other may ask meanwhile). */
    bookingUntil: timestamp("booking_until", { withTimezone: true }),
    weightGrams: integer("weight_grams").notNull(),
    lengthCm: integer("length_cm").notNull(),
    widthCm: integer("width_cm").notNull(),
    heightCm: integer("height_cm").notNull(),
    labelUrl: text("label_url"),
    pickupId: text("pickup_id"),
    pickupRequestedAt: timestamp("pickup_requested_at", { withTimezone: true }),
    /** The newest scan's status, kind (UD, DL, RT…) and time, as the courier gave them. */
    courierStatus: text("courier_status"),
    courierStatusType: text("courier_status_type"),
    courierStatusAt: timestamp("courier_status_at", { withTimezone: true }),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    outForDeliveryAt: timestamp("out_for_delivery_at", { withTimezone: true }),
    /** The last failed delivery attempt, while it is the newest news: the courier's reason and code. */
    attemptFailedAt: timestamp("attempt_failed_at", { withTimezone: true }),
    attemptFailure: text("attempt_failure"),
    reattemptAskedAt: timestamp("reattempt_asked_at", { withTimezone: true }),
    trackDueAt: timestamp("track_due_at", { withTimezone: true }),
    trackAttempts: integer("track_attempts").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One parcel on its way per order: a cancelled or refused one may be followed by another.
    uniqueIndex("courier_shipments_one_live_idx")
      .on(table.orderId)
      .where(sql`${table.state} in ('creating', 'created')`),
    index("courier_shipments_track_due_idx")
      .on(table.trackDueAt)
      .where(sql`${table.trackDueAt} is not null`),
  ],
);
export type CourierShipmentRow = typeof courierShipments.$inferSelect;

/**
 * Every scan the courier reported for a parcel, once: pushed or polled, the same scan twice is one row (the
 * unique index), so two stores polling side by side never apply a scan twice.
 */
export const courierScans = pgTable(
  "courier_scans",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => courierShipments.id),
    status: text("status").notNull(),
    statusType: text("status_type").notNull(),
    statusCode: text("status_code").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull(),
    location: text("location").notNull().default(""),
    instructions: text("instructions").notNull().default(""),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("courier_scans_once_idx").on(
      table.shipmentId,
      table.at,
      table.statusType,
      table.status,
      table.statusCode,
    ),
  ],
);
export type CourierScanRow = typeof courierScans.$inferSelect;

/**
 * A category's parcel for one piece (decision 050), as the owner set it: "Ship with Delhivery" declares these
 * for the pieces of this category unless staff give others. A category without a row uses the usual parcel.
 */
export const categoryParcels = pgTable("category_parcels", {
  categoryId: integer("category_id")
    .primaryKey()
    .references(() => categories.id),
  weightGrams: integer("weight_grams").notNull(),
  lengthCm: integer("length_cm").notNull(),
  widthCm: integer("width_cm").notNull(),
  heightCm: integer("height_cm").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
