-- Credit rule version 2 (docs/fairness.md). Balances booked under rule version 1 counted
-- +1 for every green answer, which version 2 no longer rewards, and were not limited. So that a
-- balance keeps its meaning under version 2 ("unmet red needs +1, places for red or blue -2, within
-- -1..+1"), every family gets ONE entry 'rule_v2' that brings its balance to what version 2 would
-- have booked for the same history since the family's last reset, limited to -1..+1. The version-1
-- entries stay as they were (the history remains explainable), events keep rule_version 1, and
-- releases and move-ups of those events keep booking by version 1.
--
-- Version-2 value of a version-1 entry, by the child's answer in that event (allocations):
--   slot            red/blue -2, yellow 0        no_slot          red +1, yellow 0
--   green, release_green, reset  0               release_reverse  red/blue +2, yellow 0
--   promote_reverse red -1, yellow 0             promote_slot     red -2, yellow 0
-- A child deleted since (child_id null) counts as red. Entries of events closed under version 2
-- (none at upgrade time) and any other entry count as booked.
INSERT INTO "credit_ledger" ("parent_id", "amount", "reason", "created_at")
SELECT "parent_id", "target" - "balance", 'rule_v2', now()
FROM (
  SELECT
    p."id" AS "parent_id",
    coalesce(sum(l."amount"), 0) AS "balance",
    greatest(-1, least(1, coalesce(sum(
      CASE
        WHEN l."id" IS NULL OR l."reason" = 'reset' THEN 0
        WHEN lr."at" IS NOT NULL AND l."created_at" <= lr."at" THEN 0
        WHEN e."rule_version" IS NOT NULL AND e."rule_version" >= 2 THEN l."amount"
        WHEN l."reason" = 'slot' THEN CASE WHEN coalesce(a."preference_type", 'red') IN ('red', 'blue') THEN -2 ELSE 0 END
        WHEN l."reason" = 'no_slot' THEN CASE WHEN coalesce(a."preference_type", 'red') = 'red' THEN 1 ELSE 0 END
        WHEN l."reason" IN ('green', 'release_green') THEN 0
        WHEN l."reason" = 'release_reverse' THEN CASE WHEN coalesce(a."preference_type", 'red') IN ('red', 'blue') THEN 2 ELSE 0 END
        WHEN l."reason" = 'promote_reverse' THEN CASE WHEN coalesce(a."preference_type", 'red') = 'red' THEN -1 ELSE 0 END
        WHEN l."reason" = 'promote_slot' THEN CASE WHEN coalesce(a."preference_type", 'red') = 'red' THEN -2 ELSE 0 END
        ELSE l."amount"
      END), 0))) AS "target"
  FROM "parents" p
  LEFT JOIN "credit_ledger" l ON l."parent_id" = p."id"
  LEFT JOIN "events" e ON e."id" = l."event_id"
  LEFT JOIN "allocations" a ON a."event_id" = l."event_id" AND a."child_id" = l."child_id"
  LEFT JOIN (
    SELECT "parent_id", max("created_at") AS "at" FROM "credit_ledger" WHERE "reason" = 'reset' GROUP BY "parent_id"
  ) lr ON lr."parent_id" = p."id"
  GROUP BY p."id"
) AS v
WHERE "target" <> "balance";
