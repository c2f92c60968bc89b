CREATE TABLE "gst_apparel_rates" (
	"effective_from" date PRIMARY KEY NOT NULL,
	"threshold_paise" integer NOT NULL,
	"low_rate_bp" integer NOT NULL,
	"high_rate_bp" integer NOT NULL,
	"default_hsn" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gst_category_hsn" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"hsn" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gst_document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "gst_document_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "gst_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"reason" text,
	CONSTRAINT "gst_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "gst_documents_amounts_add_up" CHECK ("gst_documents"."total_paise" = "gst_documents"."taxable_paise" + "gst_documents"."cgst_paise" + "gst_documents"."sgst_paise" + "gst_documents"."igst_paise")
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "gst_category_hsn" ADD CONSTRAINT "gst_category_hsn_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_invoice_id_gst_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."gst_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_order_kind_idx" ON "gst_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_series_idx" ON "gst_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
-- Apparel's rates since 22 September 2025: 5 % for a piece up to ₹2,500, 18 % above; HSN 6204 (women's or
-- girls' ensembles, dresses, skirts) for a category without its own code. Data, not constants: a later
-- rate is a new row with its own effective date.
INSERT INTO "gst_apparel_rates" ("effective_from", "threshold_paise", "low_rate_bp", "high_rate_bp", "default_hsn")
VALUES ('2025-09-22', 250000, 500, 1800, '6204');
