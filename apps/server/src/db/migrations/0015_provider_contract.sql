CREATE TABLE "pending_delivery_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"failure_reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pending_delivery_reports_uq" ON "pending_delivery_reports" USING btree ("provider","provider_message_id","status");
--> statement-breakpoint
CREATE TABLE "channel_pauses" (
	"channel" text PRIMARY KEY NOT NULL,
	"transport" text NOT NULL,
	"problem" text NOT NULL,
	"provider_code" text NOT NULL,
	"detail" text NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"next_probe_at" timestamp with time zone NOT NULL,
	"probes" integer DEFAULT 0 NOT NULL
);
