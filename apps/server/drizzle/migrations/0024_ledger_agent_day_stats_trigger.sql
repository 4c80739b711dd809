-- The rollup of the ledger by agent, China day and kind (ledger_agent_day_stats, schema/finance.ts),
-- kept by a statement trigger in the transaction that posts the entries: one grouped upsert per
-- statement, in key order. It locks only rows of the agents whose finance accounts the post has
-- already locked (finance.post locks them first), so it adds no new wait between two posts. The
-- ledger is append-only (0015): UPDATE and DELETE are refused, so only INSERT is followed. A copy of
-- a whole database that brings the rollup along (the test harness restoring its seed) sets
-- `ac.restoring` to 'on' for its transaction, so the copied entries are not counted twice.
CREATE OR REPLACE FUNCTION ledger_agent_day_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ac.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_agent_day_stats AS s
      (agent_id, day, kind, entry_count, available_fen, frozen_fen, income_fen, expense_fen)
    SELECT agent_id, ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, kind, count(*)::int,
      sum(available_delta_fen)::bigint, sum(frozen_delta_fen)::bigint,
      coalesce(sum(available_delta_fen) FILTER (WHERE available_delta_fen > 0), 0)::bigint,
      coalesce(-sum(available_delta_fen) FILTER (WHERE available_delta_fen < 0), 0)::bigint
    FROM new_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (agent_id, day, kind) DO UPDATE SET
    entry_count = s.entry_count + excluded.entry_count,
    available_fen = s.available_fen + excluded.available_fen,
    frozen_fen = s.frozen_fen + excluded.frozen_fen,
    income_fen = s.income_fen + excluded.income_fen,
    expense_fen = s.expense_fen + excluded.expense_fen;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_agent_day_stats AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_agent_day_stats_trigger();
--> statement-breakpoint
INSERT INTO ledger_agent_day_stats (agent_id, day, kind, entry_count, available_fen, frozen_fen, income_fen, expense_fen)
  SELECT agent_id, ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, kind, count(*)::int,
    sum(available_delta_fen)::bigint, sum(frozen_delta_fen)::bigint,
    coalesce(sum(available_delta_fen) FILTER (WHERE available_delta_fen > 0), 0)::bigint,
    coalesce(-sum(available_delta_fen) FILTER (WHERE available_delta_fen < 0), 0)::bigint
  FROM ledger_entries
  GROUP BY 1, 2, 3;
