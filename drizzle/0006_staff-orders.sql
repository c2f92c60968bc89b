DROP INDEX "order_items_order_id_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
CREATE INDEX "product_sizes_low_stock_idx" ON "product_sizes" USING btree ("stock","product_id") WHERE "product_sizes"."stock" <= 5;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","status","total_paise","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_ship_name_trgm_idx" ON "orders" USING gin (("shipping_address"->>'fullName') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_phone_trgm_idx" ON "orders" USING gin (("shipping_address"->>'phone') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_order_id_idx" ON "order_items" USING btree ("order_id","product_id","quantity");