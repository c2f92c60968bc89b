CREATE TABLE "courier_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"status_type" text NOT NULL,
	"status_code" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"waybill" text,
	"refusal" text,
	"booking_until" timestamp with time zone,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"label_url" text,
	"pickup_id" text,
	"pickup_requested_at" timestamp with time zone,
	"courier_status" text,
	"courier_status_type" text,
	"courier_status_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"out_for_delivery_at" timestamp with time zone,
	"attempt_failed_at" timestamp with time zone,
	"attempt_failure" text,
	"reattempt_asked_at" timestamp with time zone,
	"track_due_at" timestamp with time zone,
	"track_attempts" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "courier_shipments_waybill_unique" UNIQUE("waybill")
);
--> statement-breakpoint
CREATE TABLE "delhivery_sandbox_pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"pickup_date" text NOT NULL,
	"packages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delhivery_sandbox_shipments" (
	"waybill" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"request" jsonb NOT NULL,
	"scans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_scans" ADD CONSTRAINT "courier_scans_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_scans_once_idx" ON "courier_scans" USING btree ("shipment_id","at","status_type","status","status_code");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_one_live_idx" ON "courier_shipments" USING btree ("order_id") WHERE "courier_shipments"."state" in ('creating', 'created');--> statement-breakpoint
CREATE INDEX "courier_shipments_track_due_idx" ON "courier_shipments" USING btree ("track_due_at") WHERE "courier_shipments"."track_due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "delhivery_sandbox_pickups_day_idx" ON "delhivery_sandbox_pickups" USING btree ("location","pickup_date");--> statement-breakpoint
CREATE INDEX "delhivery_sandbox_shipments_reference_idx" ON "delhivery_sandbox_shipments" USING btree ("reference");