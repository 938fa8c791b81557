-- The inquiry's dates carry names for what they mean since the dates were given their second
-- meaning (0003): event_date held the first care day, expire_date the end of the care period and
-- response_deadline the answers' close. A statement that read expire_date meaning "answers close"
-- went unnoticed once; names for the meaning make such a mix-up visible. Renames keep the data,
-- the constraints and the indexes. The API keeps its wire names (eventDate, expireDate,
-- responseDeadline); the server maps them in one place.
ALTER TABLE "events" RENAME COLUMN "event_date" TO "care_starts_at";--> statement-breakpoint
ALTER TABLE "events" RENAME COLUMN "expire_date" TO "care_ends_at";--> statement-breakpoint
ALTER TABLE "events" RENAME COLUMN "response_deadline" TO "answers_close_at";--> statement-breakpoint
ALTER INDEX "events_status_deadline_idx" RENAME TO "events_status_answers_close_idx";--> statement-breakpoint
-- A withdrawn inquiry's links keep its care period under the same names.
ALTER TABLE "withdrawn_links" RENAME COLUMN "event_date" TO "care_starts_at";--> statement-breakpoint
ALTER TABLE "withdrawn_links" RENAME COLUMN "expire_date" TO "care_ends_at";
