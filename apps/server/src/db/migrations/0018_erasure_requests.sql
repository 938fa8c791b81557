-- Erasure on request (GDPR Art. 17): a family asks in the app, a manager or Admin carries it out
-- within a month (Art. 12(3)). The row outlives the family it erased (no foreign key to parents):
-- it records when it was asked, when it was done, by whom, and the pseudonym the family's rows in
-- finished inquiries now carry ("gelöschte Familie 3", numbered per Kita).
CREATE TABLE "erasure_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "parent_id" uuid,
  "kita_id" uuid NOT NULL REFERENCES "kitas"("id") ON DELETE cascade,
  "requested_by" text NOT NULL,
  "requested_at" timestamp with time zone NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "done_at" timestamp with time zone,
  "done_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "family_label" text,
  "family_number" integer
);--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_uq" ON "erasure_requests" ("parent_id") WHERE "done_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_number_uq" ON "erasure_requests" ("kita_id", "family_number");--> statement-breakpoint
CREATE INDEX "erasure_requests_kita_idx" ON "erasure_requests" ("kita_id", "done_at");--> statement-breakpoint
-- An erased family's credit entries stay, so a finished inquiry's credit column and the family's
-- sums remain reproducible; like allocations, the ledger no longer needs the parent row.
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_parent_id_parents_id_fk";
