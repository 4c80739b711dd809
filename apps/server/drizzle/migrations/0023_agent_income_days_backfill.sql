-- 成员财务 (issue 10 §3, docs/domain.md "Member finance"): adjustments count as income from now
-- on, and `agent_income_days` starts from every income entry already in the ledger. The finance
-- service's `post` keeps both from here, in the transaction that appends the entries.
-- Total income of the accounts: the adjustments posted before this migration were not counted.
-- (It stays ≥ 0: income + adjustments = available + frozen + withdrawn + fees, each ≥ 0.)
UPDATE finance_accounts f SET total_income_fen = f.total_income_fen + a.adjusted
  FROM (SELECT agent_id, sum(available_delta_fen)::bigint AS adjusted FROM ledger_entries
        WHERE kind = 'adjustment' GROUP BY agent_id) a
  WHERE f.agent_id = a.agent_id AND a.adjusted <> 0;
--> statement-breakpoint
INSERT INTO agent_income_days (agent_id, day, income_fen)
  SELECT agent_id, ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, sum(available_delta_fen)::bigint
  FROM ledger_entries
  WHERE kind IN ('order_share', 'share_reversal', 'device_settlement', 'adjustment')
  GROUP BY 1, 2
  ORDER BY 1, 2;
