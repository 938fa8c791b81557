-- Checked password failures per account, counted across windows until a success (NIST SP 800-63B 5.2.2).
CREATE TABLE IF NOT EXISTS "login_failures" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_failures_last_idx" ON "login_failures" USING btree ("last_failure_at");
