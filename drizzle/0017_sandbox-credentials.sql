CREATE TABLE "phonepe_sandbox_credentials" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"client_version" text NOT NULL,
	"webhook_username" text NOT NULL,
	"webhook_password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phonepe_sandbox_credentials_one_row" CHECK ("phonepe_sandbox_credentials"."id" = 1)
);
