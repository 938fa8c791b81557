-- Message cost budgets: which budget class a message counts against, and which budget holds it back.
ALTER TABLE "outbox_messages" ADD COLUMN "budget_class" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "held_by" text;--> statement-breakpoint
-- A Kita's own daily message budget; null = sized from its families (MESSAGE_BUDGET_* settings).
ALTER TABLE "kitas" ADD COLUMN "message_budget_per_day" integer;--> statement-breakpoint
-- Verification messages (codes, activation mails) a registration has caused over its lifetime.
ALTER TABLE "parents" ADD COLUMN "verification_sends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "last_verification_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "parents_kita_status_idx" ON "parents" USING btree ("kita_id","status");
