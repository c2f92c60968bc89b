ALTER TABLE "outbox_emails" ADD COLUMN "order_id" integer;--> statement-breakpoint
CREATE INDEX "outbox_emails_order_idx" ON "outbox_emails" USING btree ("order_id");