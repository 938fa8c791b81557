-- Push first, then the paid channels (docs/domain.md "Push first"): per Kita, whether a family
-- with a push subscription gets the push alone first ('first', the SMS or e-mail follows only when
-- the push failed or was not opened in time) or the push as an extra beside the usual message
-- ('extra'); the escalation time of an immediate inquiry, and the cap of a planned one (actual:
-- half the remaining answer window, at most the cap, at least the immediate minutes).
ALTER TABLE "kitas" ADD COLUMN "push_mode" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "kitas" ADD CONSTRAINT "kitas_push_mode_ck" CHECK ("push_mode" in ('first', 'extra'));--> statement-breakpoint
ALTER TABLE "kitas" ADD COLUMN "push_escalation_immediate_minutes" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitas" ADD CONSTRAINT "kitas_push_escalation_immediate_ck" CHECK ("push_escalation_immediate_minutes" between 1 and 60);--> statement-breakpoint
ALTER TABLE "kitas" ADD COLUMN "push_escalation_planned_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitas" ADD CONSTRAINT "kitas_push_escalation_planned_ck" CHECK ("push_escalation_planned_minutes" between 5 and 1440);--> statement-breakpoint
-- The push message an SMS or e-mail escalates (written once, key `escalation:<push key>`).
ALTER TABLE "outbox_messages" ADD COLUMN "escalation_of" uuid;--> statement-breakpoint
CREATE INDEX "outbox_escalation_of_idx" ON "outbox_messages" ("escalation_of") WHERE "escalation_of" IS NOT NULL;
