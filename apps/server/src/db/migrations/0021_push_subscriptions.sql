-- Web push (docs/domain.md "Messages", docs/privacy.md "Push notifications"): the browsers and
-- phones a family allowed to receive notifications. The endpoint is the push service's address of
-- that one browser; p256dh and auth are its public key and secret for the payload encryption
-- (RFC 8291). No child names ever go through a push service.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL REFERENCES "parents"("id") ON DELETE cascade,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_uq" UNIQUE ("endpoint"),
	CONSTRAINT "push_subscriptions_label_ck" CHECK (char_length("label") <= 80)
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_parent_idx" ON "push_subscriptions" USING btree ("parent_id");
--> statement-breakpoint
-- A push message (channel 'push', recipient = the parent id) carries a random reference in its
-- encrypted payload; only its SHA-256 is stored. When the family opens the notification (or a
-- preference link of that inquiry), opened_at is set: the escalation to SMS/e-mail is then not needed.
ALTER TABLE "outbox_messages" ADD COLUMN "opened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "ref_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_ref_hash_uq" ON "outbox_messages" USING btree ("ref_hash") WHERE "ref_hash" IS NOT NULL;
