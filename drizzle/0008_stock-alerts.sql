CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"email" text NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_active_idx" ON "stock_alerts" USING btree ("product_id","size","email") WHERE "stock_alerts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","size") WHERE "stock_alerts"."ended_at" is null and "stock_alerts"."confirmed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("confirm_token_hash");