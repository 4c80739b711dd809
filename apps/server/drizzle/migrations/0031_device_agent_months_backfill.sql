-- Issue 10 §4: the agent-month rollup of the device months already ingested (ingestion keeps it
-- from now on): per agent and month its bars, its devices, and the devices by their active days
-- (devices_by_days[d + 1]: active on d days). The chain is the agent month's device months' own.
INSERT INTO "device_agent_months" ("month", "net_bar_count", "device_count", "devices_by_days",
  "agent_id", "agent_chain", "chain_l1", "chain_l2", "chain_l3", "chain_l4", "chain_l5")
SELECT g."month", g."net_bars", g."devices",
  (SELECT array_agg((SELECT count(*) FROM "device_months" m
                     WHERE m."agent_id" = g."agent_id" AND m."month" = g."month" AND m."active_days" = d)::int
                    ORDER BY d)
   FROM generate_series(0, 31) AS d),
  g."agent_id", c."agent_chain", c."chain_l1", c."chain_l2", c."chain_l3", c."chain_l4", c."chain_l5"
FROM (
  SELECT "agent_id", "month", count(DISTINCT "net_bar_id")::int AS "net_bars", count(*)::int AS "devices"
  FROM "device_months" GROUP BY "agent_id", "month"
) g
CROSS JOIN LATERAL (
  SELECT m."agent_chain", m."chain_l1", m."chain_l2", m."chain_l3", m."chain_l4", m."chain_l5"
  FROM "device_months" m WHERE m."agent_id" = g."agent_id" AND m."month" = g."month" LIMIT 1
) c;
