ALTER TABLE "products" ADD COLUMN "size_fit" jsonb DEFAULT '{"modelHeight":"","modelSize":"","fit":"","fabric":""}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gst_documents_issued_at_idx" ON "gst_documents" USING btree ("issued_at");