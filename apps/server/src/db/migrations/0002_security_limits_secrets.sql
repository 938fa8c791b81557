ALTER TABLE "outbox_messages" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "last_allowed" boolean DEFAULT true NOT NULL;