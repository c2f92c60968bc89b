ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_awaiting_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'Pending' and "orders"."stock_released_at" is null;--> statement-breakpoint
CREATE INDEX "orders_awaiting_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."status" = 'Pending' and "orders"."stock_released_at" is null;