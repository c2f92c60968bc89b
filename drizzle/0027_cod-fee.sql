ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_add_up";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_add_up" CHECK ("orders"."total_paise" = "orders"."subtotal_paise" + "orders"."delivery_paise" + "orders"."cod_fee_paise");