-- Issue 10 §4: the monthly rollup of the device days already ingested (ingestion keeps it from
-- now on). A day counts when the device was active at least 60 minutes (DEVICE_DAY_MIN_MINUTES);
-- the chain is the net bar's, as the device days' own.
INSERT INTO "device_months" ("net_bar_id", "device_code", "month", "active_days", "reported_days",
  "agent_id", "agent_chain", "chain_l1", "chain_l2", "chain_l3", "chain_l4", "chain_l5")
SELECT d."net_bar_id", d."device_code", date_trunc('month', d."day")::date,
  count(*) FILTER (WHERE d."active_minutes" >= 60), count(*),
  b."agent_id", b."agent_chain", b."chain_l1", b."chain_l2", b."chain_l3", b."chain_l4", b."chain_l5"
FROM "device_active_days" d
JOIN "net_bars" b ON b."id" = d."net_bar_id"
GROUP BY d."net_bar_id", d."device_code", date_trunc('month', d."day")::date,
  b."agent_id", b."agent_chain", b."chain_l1", b."chain_l2", b."chain_l3", b."chain_l4", b."chain_l5";
