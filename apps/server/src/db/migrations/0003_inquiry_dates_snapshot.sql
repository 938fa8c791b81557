CREATE TABLE "event_children" (
	"event_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"child_name" text NOT NULL,
	"parent_name" text NOT NULL,
	"group_name" text NOT NULL,
	"channel" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"join_reason" text DEFAULT 'opening' NOT NULL,
	"left_at" timestamp with time zone,
	"leave_reason" text,
	CONSTRAINT "event_children_event_id_child_id_pk" PRIMARY KEY("event_id","child_id")
);
--> statement-breakpoint
ALTER TABLE "allocations" DROP CONSTRAINT "allocations_child_id_children_id_fk";
--> statement-breakpoint
ALTER TABLE "allocations" DROP CONSTRAINT "allocations_parent_id_parents_id_fk";
--> statement-breakpoint
DROP INDEX "events_status_expire_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "response_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
-- The dates say what they mean (docs/domain.md "Inquiries"). Before this migration
-- event_date was the moment the inquiry opened and expire_date the moment it closed and allocated;
-- nothing recorded the care day. The mapping of existing events:
--   opens_at          = old event_date   (when the parents were asked)
--   response_deadline = old expire_date  (answers were accepted until then; closing still happens at it)
--   immediate: event_date stays (care today = the opening day),
--              expire_date = the end of the opening day in the event's zone (or the deadline, if later)
--   future:    event_date  = old expire_date (the earliest care start consistent with the old data:
--              care cannot have begun before the answers were in), expire_date = that + 1 day
--              (the spec's "at least one day after").
UPDATE "events" SET "opens_at" = "event_date", "response_deadline" = "expire_date";--> statement-breakpoint
UPDATE "events"
   SET "expire_date" = greatest(
         (date_trunc('day', "event_date" AT TIME ZONE "timezone") + interval '1 day') AT TIME ZONE "timezone",
         "response_deadline")
 WHERE "event_type" = 'immediate';--> statement-breakpoint
UPDATE "events"
   SET "event_date" = "response_deadline", "expire_date" = "response_deadline" + interval '1 day'
 WHERE "event_type" = 'future';--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "response_deadline" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "opens_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_children" ADD CONSTRAINT "event_children_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_children_parent_idx" ON "event_children" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "event_children_child_idx" ON "event_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "events_status_deadline_idx" ON "events" USING btree ("status","response_deadline");--> statement-breakpoint
CREATE INDEX "events_status_opens_idx" ON "events" USING btree ("status","opens_at");--> statement-breakpoint
-- The snapshot of existing inquiries. Finished ones: the children of their allocation (exactly who
-- was allocated, with today's names: the old schema kept no others). Open ones: the children
-- eligible now. join_reason 'migrated' tells them apart from snapshots written at opening.
INSERT INTO "event_children" ("event_id", "child_id", "parent_id", "group_id", "child_name", "parent_name", "group_name",
                              "channel", "is_anonymous", "joined_at", "join_reason")
SELECT a."event_id", c."id", p."id", g."id", c."name", p."name", g."name",
       CASE WHEN p."is_anonymous" THEN NULL
            WHEN p."preferred_communication" = 'sms' AND p."primary_phone" IS NOT NULL AND p."primary_phone_verified" THEN 'sms'
            WHEN coalesce(p."email", '') <> '' THEN 'email'
            WHEN p."primary_phone" IS NOT NULL AND p."primary_phone_verified" THEN 'sms'
            ELSE NULL END,
       p."is_anonymous", e."opens_at", 'migrated'
  FROM "allocations" a
  JOIN "events" e ON e."id" = a."event_id"
  JOIN "children" c ON c."id" = a."child_id"
  JOIN "parents" p ON p."id" = a."parent_id"
  JOIN "groups" g ON g."id" = c."group_id";--> statement-breakpoint
INSERT INTO "event_children" ("event_id", "child_id", "parent_id", "group_id", "child_name", "parent_name", "group_name",
                              "channel", "is_anonymous", "joined_at", "join_reason")
SELECT e."id", c."id", p."id", g."id", c."name", p."name", g."name",
       CASE WHEN p."is_anonymous" THEN NULL
            WHEN p."preferred_communication" = 'sms' AND p."primary_phone" IS NOT NULL AND p."primary_phone_verified" THEN 'sms'
            WHEN coalesce(p."email", '') <> '' THEN 'email'
            WHEN p."primary_phone" IS NOT NULL AND p."primary_phone_verified" THEN 'sms'
            ELSE NULL END,
       p."is_anonymous", e."opens_at", 'migrated'
  FROM "events" e
  JOIN "groups" g ON g."category_id" = e."category_id"
  JOIN "children" c ON c."group_id" = g."id"
  JOIN "parents" p ON p."id" = c."parent_id"
 WHERE e."status" = 'open' AND p."status" = 'approved' AND (p."is_active" OR p."is_anonymous");