ALTER TABLE "orders" ADD COLUMN "refund_attention_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phonepe_sandbox_orders" ADD COLUMN "refund_outcome" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "check_until" timestamp with time zone DEFAULT now() + interval '10 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_attention_idx" ON "orders" USING btree ("refund_attention_since","id") WHERE "orders"."refund_attention_since" is not null;--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");