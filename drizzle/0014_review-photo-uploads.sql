CREATE TABLE "review_photo_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"review_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_photo_uploads" ADD CONSTRAINT "review_photo_uploads_media_id_media_assets_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photo_uploads" ADD CONSTRAINT "review_photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photo_uploads" ADD CONSTRAINT "review_photo_uploads_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photo_uploads_unused_idx" ON "review_photo_uploads" USING btree ("user_id","media_id") WHERE "review_photo_uploads"."review_id" is null;