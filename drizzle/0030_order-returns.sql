CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text GENERATED ALWAYS AS ('RT-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"photos" jsonb NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"grievance_id" integer NOT NULL,
	"refund_to" jsonb,
	"refusal" text,
	"pickup_waybill" text,
	"refund_paise" integer,
	"refund_reference" text,
	"decided_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_returns_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "order_returns_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "order_returns_quantity_positive" CHECK ("order_returns"."quantity" > 0),
	CONSTRAINT "order_returns_refund_not_negative" CHECK ("order_returns"."refund_paise" >= 0)
);
--> statement-breakpoint
DROP INDEX "gst_documents_order_kind_idx";--> statement-breakpoint
ALTER TABLE "gst_documents" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_state_idx" ON "order_returns" USING btree ("state","requested_at");--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_order_kind_idx" ON "gst_documents" USING btree ("order_id","kind") WHERE "gst_documents"."return_id" is null;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_return_id_unique" UNIQUE("return_id");