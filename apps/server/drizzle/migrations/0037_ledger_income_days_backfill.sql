-- Issue 10: the running totals of the income already posted (`post` keeps them from now on): each
-- agent's income days of `ledger_agent_days` (INCOME_KINDS), one row for every day from its first to
-- the last day any agent has one (days without income carried at zero), and those days recorded as
-- opened. The day opener (`finance.openDays`) goes on from the day after.
WITH income AS (
  SELECT "agent_id", "day", sum("available_fen")::bigint AS income_fen
  FROM "ledger_agent_days"
  WHERE "kind" IN ('order_share', 'share_reversal', 'device_settlement', 'adjustment')
  GROUP BY "agent_id", "day"
),
span AS (
  SELECT "agent_id", min("day") AS first_day, (SELECT max("day") FROM income) AS last_day
  FROM income GROUP BY "agent_id"
)
INSERT INTO "ledger_income_days" ("agent_id", "day", "income_fen", "income_to_date_fen")
SELECT s."agent_id", g.day::date, coalesce(i.income_fen, 0),
  sum(coalesce(i.income_fen, 0)) OVER (PARTITION BY s."agent_id" ORDER BY g.day)
FROM span s
CROSS JOIN LATERAL generate_series(s.first_day, s.last_day, interval '1 day') AS g(day)
LEFT JOIN income i ON i."agent_id" = s."agent_id" AND i."day" = g.day::date;
--> statement-breakpoint
INSERT INTO "ledger_income_opened_days" ("day", "opened_at")
SELECT g.day::date, now()
FROM (SELECT min("day") AS first_day, max("day") AS last_day FROM "ledger_income_days") d
CROSS JOIN LATERAL generate_series(d.first_day, d.last_day, interval '1 day') AS g(day)
WHERE d.first_day IS NOT NULL;
