CREATE TABLE "saved_measurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"unit" text NOT NULL,
	"measurements" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "customizations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "customization" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tailoring_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_measurements" ADD CONSTRAINT "saved_measurements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_measurements_user_label_idx" ON "saved_measurements" USING btree ("user_id","label");--> statement-breakpoint
CREATE INDEX "saved_measurements_user_updated_idx" ON "saved_measurements" USING btree ("user_id","updated_at");