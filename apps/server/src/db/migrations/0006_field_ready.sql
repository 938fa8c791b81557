ALTER TABLE "outbox_messages" ADD COLUMN "sms_segments" integer;
--> statement-breakpoint
-- Phone numbers are stored as E.164 (+491701234567). Numbers written in another German
-- spelling (0170 1234567, 0049 170 ..., +49 (0)170 ...) are rewritten; anything else stays as it is.
UPDATE "parents" AS t SET "primary_phone" = n.e164
  FROM (
    SELECT id, CASE
             WHEN d ~ '^\+49' THEN '+49' || regexp_replace(substr(d, 4), '^0+', '')
             WHEN d ~ '^0049' THEN '+49' || regexp_replace(substr(d, 5), '^0+', '')
             WHEN d ~ '^0[1-9]' THEN '+49' || substr(d, 2)
           END AS e164
      FROM (SELECT id, regexp_replace(replace("primary_phone", '(0)', ''), '[^0-9+]', '', 'g') AS d
              FROM "parents" WHERE "primary_phone" IS NOT NULL) AS raw
  ) AS n
 WHERE n.id = t.id AND n.e164 ~ '^\+49[1-9][0-9]{6,12}$' AND n.e164 <> t."primary_phone";
--> statement-breakpoint
UPDATE "parents" AS t SET "secondary_phone" = n.e164
  FROM (
    SELECT id, CASE
             WHEN d ~ '^\+49' THEN '+49' || regexp_replace(substr(d, 4), '^0+', '')
             WHEN d ~ '^0049' THEN '+49' || regexp_replace(substr(d, 5), '^0+', '')
             WHEN d ~ '^0[1-9]' THEN '+49' || substr(d, 2)
           END AS e164
      FROM (SELECT id, regexp_replace(replace("secondary_phone", '(0)', ''), '[^0-9+]', '', 'g') AS d
              FROM "parents" WHERE "secondary_phone" IS NOT NULL) AS raw
  ) AS n
 WHERE n.id = t.id AND n.e164 ~ '^\+49[1-9][0-9]{6,12}$' AND n.e164 <> t."secondary_phone";
--> statement-breakpoint
UPDATE "users" AS t SET "phone_number" = n.e164
  FROM (
    SELECT id, CASE
             WHEN d ~ '^\+49' THEN '+49' || regexp_replace(substr(d, 4), '^0+', '')
             WHEN d ~ '^0049' THEN '+49' || regexp_replace(substr(d, 5), '^0+', '')
             WHEN d ~ '^0[1-9]' THEN '+49' || substr(d, 2)
           END AS e164
      FROM (SELECT id, regexp_replace(replace("phone_number", '(0)', ''), '[^0-9+]', '', 'g') AS d
              FROM "users" WHERE "phone_number" IS NOT NULL) AS raw
  ) AS n
 WHERE n.id = t.id AND n.e164 ~ '^\+49[1-9][0-9]{6,12}$' AND n.e164 <> t."phone_number";
