CREATE TABLE "whatsapp_inbound" (
	"id" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"type" text NOT NULL,
	"body" text,
	"context_id" text,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_message_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"event" text NOT NULL,
	"event_key" text NOT NULL,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"template" text,
	"language" text,
	"components" jsonb,
	"text" text,
	"category" text NOT NULL,
	"fallback_mail" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"wamid" text,
	"error_code" integer,
	"error_reason" text,
	"fell_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_order_recipients" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sandbox" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"access_token" text NOT NULL,
	"app_secret" text NOT NULL,
	"verify_token" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"failure" text DEFAULT 'none' NOT NULL,
	"failures_left" integer,
	"statuses" text DEFAULT 'auto' NOT NULL,
	CONSTRAINT "whatsapp_sandbox_one_row" CHECK ("whatsapp_sandbox"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sandbox_inbound" (
	"id" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sandbox_messages" (
	"wamid" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"template" text,
	"text" text NOT NULL,
	"buttons" jsonb,
	"callback_data" text,
	"fails_with" integer,
	"status" text DEFAULT 'accepted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_send_slots" (
	"second" bigint PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_verified_numbers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_verified_numbers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "whatsapp_message_events" ADD CONSTRAINT "whatsapp_message_events_message_id_whatsapp_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."whatsapp_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_order_recipients" ADD CONSTRAINT "whatsapp_order_recipients_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_order_recipients" ADD CONSTRAINT "whatsapp_order_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_verified_numbers" ADD CONSTRAINT "whatsapp_verified_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_message_events_message_idx" ON "whatsapp_message_events" USING btree ("message_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_order_event_idx" ON "whatsapp_messages" USING btree ("order_id","event_key");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_to_idx" ON "whatsapp_messages" USING btree ("to","accepted_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_accepted_idx" ON "whatsapp_messages" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "whatsapp_sandbox_inbound_from_idx" ON "whatsapp_sandbox_inbound" USING btree ("from","at");--> statement-breakpoint
CREATE INDEX "whatsapp_sandbox_messages_to_idx" ON "whatsapp_sandbox_messages" USING btree ("to","created_at");