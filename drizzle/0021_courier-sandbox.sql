CREATE TYPE "public"."delhivery_sandbox_failure" AS ENUM('none', 'server-error', 'slow', 'truncated');--> statement-breakpoint
CREATE TABLE "delhivery_sandbox" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" text NOT NULL,
	"failure" "delhivery_sandbox_failure" DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delhivery_sandbox_one_row" CHECK ("delhivery_sandbox"."id" = 1)
);
