-- Verified priority (rule version 3, docs/fairness.md "Confirmed priority"): each Kita keeps an
-- ordered list of priority groups, and a manager confirms a family (or one child) for a group until
-- a date. No document is stored, only that the Kita saw one.
CREATE TABLE "priority_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kita_id" uuid NOT NULL REFERENCES "kitas"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "priority_groups_position_ck" CHECK ("position" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "priority_groups_kita_position_uq" ON "priority_groups" USING btree ("kita_id","position");
--> statement-breakpoint
CREATE TABLE "priority_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kita_id" uuid NOT NULL REFERENCES "kitas"("id") ON DELETE cascade,
	"parent_id" uuid NOT NULL REFERENCES "parents"("id") ON DELETE cascade,
	"group_id" uuid NOT NULL REFERENCES "priority_groups"("id") ON DELETE restrict,
	"child_id" uuid REFERENCES "children"("id") ON DELETE cascade,
	"valid_until" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid
);
--> statement-breakpoint
-- One confirmation in force per family; ended ones stay as the family's history until it is deleted.
CREATE UNIQUE INDEX "priority_confirmations_parent_active_uq" ON "priority_confirmations" USING btree ("parent_id") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "priority_confirmations_kita_idx" ON "priority_confirmations" USING btree ("kita_id","valid_until");
--> statement-breakpoint
-- Every Kita starts with the three groups emergency-care rules usually name; the Kita edits them.
CREATE FUNCTION "priority_groups_defaults"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "priority_groups" ("kita_id", "position", "name", "description") VALUES
		(NEW."id", 1, 'Kindeswohl', 'Das Wohl des Kindes erfordert die Betreuung (z. B. mit dem Jugendamt abgestimmt).'),
		(NEW."id", 2, 'Alleinerziehend und berufstätig', 'Ein Elternteil allein, berufstätig, ohne andere Betreuung (Bescheinigung des Arbeitgebers).'),
		(NEW."id", 3, 'Kritische Infrastruktur', 'Eltern arbeiten in einem Beruf der kritischen Infrastruktur (Bescheinigung des Arbeitgebers).');
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kitas_priority_groups_defaults" AFTER INSERT ON "kitas" FOR EACH ROW EXECUTE FUNCTION "priority_groups_defaults"();
--> statement-breakpoint
INSERT INTO "priority_groups" ("kita_id", "position", "name", "description")
SELECT k."id", d."position", d."name", d."description"
  FROM "kitas" k
 CROSS JOIN (VALUES
		(1, 'Kindeswohl', 'Das Wohl des Kindes erfordert die Betreuung (z. B. mit dem Jugendamt abgestimmt).'),
		(2, 'Alleinerziehend und berufstätig', 'Ein Elternteil allein, berufstätig, ohne andere Betreuung (Bescheinigung des Arbeitgebers).'),
		(3, 'Kritische Infrastruktur', 'Eltern arbeiten in einem Beruf der kritischen Infrastruktur (Bescheinigung des Arbeitgebers).')
	) AS d("position", "name", "description");
