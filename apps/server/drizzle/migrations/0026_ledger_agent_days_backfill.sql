-- The ledger by agent, China day and kind (ledger_agent_days, schema/finance.ts) starts from every
-- entry already in the ledger; the finance service's `post` keeps it from here, in the transaction
-- that appends the entries. It replaces agent_income_days (0022, dropped in 0024): 成员财务's income
-- is the available sum of the income kinds.
INSERT INTO ledger_agent_days (agent_id, day, kind, entry_count, available_fen, frozen_fen, available_in_fen, available_out_fen)
  SELECT agent_id, ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, kind, count(*)::int,
    sum(available_delta_fen)::bigint, sum(frozen_delta_fen)::bigint,
    coalesce(sum(available_delta_fen) FILTER (WHERE available_delta_fen > 0), 0)::bigint,
    coalesce(-sum(available_delta_fen) FILTER (WHERE available_delta_fen < 0), 0)::bigint
  FROM ledger_entries
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3;
