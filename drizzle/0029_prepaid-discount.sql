ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_add_up";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prepaid_discount_within_subtotal" CHECK ("orders"."prepaid_discount_paise" between 0 and "orders"."subtotal_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_add_up" CHECK ("orders"."total_paise" = "orders"."subtotal_paise" + "orders"."delivery_paise" + "orders"."cod_fee_paise" - "orders"."prepaid_discount_paise");