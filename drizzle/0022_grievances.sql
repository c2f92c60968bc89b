CREATE TABLE "grievance_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"grievance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_photo_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"grievance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" text GENERATED ALWAYS AS ('GR-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_public_id" text,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"link_token_hash" text,
	"confirm_before" timestamp with time zone,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"acknowledge_by" timestamp with time zone,
	"resolve_by" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	CONSTRAINT "grievances_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "grievances_link_token_hash_unique" UNIQUE("link_token_hash")
);
--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_photo_uploads" ADD CONSTRAINT "grievance_photo_uploads_media_id_media_assets_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_photo_uploads" ADD CONSTRAINT "grievance_photo_uploads_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_messages_grievance_idx" ON "grievance_messages" USING btree ("grievance_id","id");--> statement-breakpoint
CREATE INDEX "grievance_photo_uploads_unused_idx" ON "grievance_photo_uploads" USING btree ("token_hash","media_id") WHERE "grievance_photo_uploads"."grievance_id" is null;--> statement-breakpoint
CREATE INDEX "grievances_status_received_idx" ON "grievances" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "grievances_user_idx" ON "grievances" USING btree ("user_id");