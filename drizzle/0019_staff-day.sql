DROP INDEX "orders_ship_phone_trgm_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "order_items_tailoring_pending_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."customization" is not null and "order_items"."tailoring_done_at" is null;--> statement-breakpoint
CREATE INDEX "orders_ship_email_trgm_idx" ON "orders" USING gin (("shipping_address"->>'email') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_phone_digits_trgm_idx" ON "orders" USING gin (right(regexp_replace(("shipping_address"->>'phone'), '[^0-9]', '', 'g'), 10) gin_trgm_ops);