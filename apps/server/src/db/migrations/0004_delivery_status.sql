CREATE TABLE "delivery_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"replay_key" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kitas" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "fallback_of" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_callbacks_replay_uq" ON "delivery_callbacks" USING btree ("provider","replay_key");--> statement-breakpoint
CREATE INDEX "outbox_provider_id_idx" ON "outbox_messages" USING btree ("provider_message_id");