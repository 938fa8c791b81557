ALTER TABLE "events" ADD COLUMN "eligible_count" integer;--> statement-breakpoint
-- Events opened before this column existed: their count as it stands now (the live count they used).
UPDATE "events" e SET "eligible_count" = (
  SELECT count(*)::int FROM "children" c
    JOIN "groups" g ON g."id" = c."group_id"
    JOIN "parents" p ON p."id" = c."parent_id"
   WHERE g."category_id" = e."category_id" AND p."status" = 'approved' AND (p."is_active" OR p."is_anonymous"))
 WHERE e."status" <> 'scheduled';
