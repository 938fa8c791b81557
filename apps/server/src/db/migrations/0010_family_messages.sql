-- Every family-facing message can fall back to the family's other verified channel.
-- The variables a message was composed from (never a link token or code) so that the fallback
-- composes the same message for the other channel; null for kinds that fall back otherwise
-- (inquiry, reminder: a fresh link each) or not at all.
ALTER TABLE "outbox_messages" ADD COLUMN "vars" jsonb;--> statement-breakpoint
-- A deleted (withdrawn) inquiry's preference links: the token hashes outlive the event, so an old
-- link says "this inquiry was withdrawn by the Kita" instead of "invalid link". Deleted by the
-- retention job like the preference tokens they replace.
CREATE TABLE "withdrawn_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kita_name" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
