-- Settlement off the ingestion path (issue 10 §1, docs/domain.md "Profit shares"): statement
-- triggers on `orders` queue the orders whose settled state may have changed, in the transaction
-- that changes them: one set-based upsert per statement, none for statements that change nothing
-- that matters. Settled means status 50 (completed) or 52 (partially completed). A copy of a whole
-- database (`ac.restoring` on) brings its queue along.
CREATE OR REPLACE FUNCTION finance_settle_queue_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ac.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO finance_settle_queue AS q (order_id, queued_at)
      SELECT id, now() FROM new_rows WHERE status IN (50, 52) ORDER BY id
    ON CONFLICT (order_id) DO UPDATE SET queued_at = excluded.queued_at, not_before = NULL;
  ELSE
    -- Into or out of a settled status, or a settled order whose amounts or game changed.
    INSERT INTO finance_settle_queue AS q (order_id, queued_at)
      SELECT n.id, now() FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status IN (50, 52)) <> (o.status IN (50, 52))
        OR (n.status IN (50, 52) AND (n.amount_fen, n.price_increase_fen, n.game_id)
          IS DISTINCT FROM (o.amount_fen, o.price_increase_fen, o.game_id))
      ORDER BY n.id
    ON CONFLICT (order_id) DO UPDATE SET queued_at = excluded.queued_at, not_before = NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_finance_settle_queue_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_settle_queue_trigger();
--> statement-breakpoint
CREATE TRIGGER orders_finance_settle_queue_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_settle_queue_trigger();
--> statement-breakpoint
-- The orders settled before this migration are settled by the first runs of the step.
INSERT INTO finance_settle_queue (order_id) SELECT id FROM orders WHERE status IN (50, 52)
  ON CONFLICT (order_id) DO NOTHING;
--> statement-breakpoint
-- Every existing agent: one snapshot at its creation time (its ratios as they are now).
INSERT INTO agent_ratio_history (agent_id, game_id, base_id, profit_ratio, proportion, valid_from)
  SELECT id, NULL, NULL, base_profit_ratio, proportion, created_at FROM agents ORDER BY id;
--> statement-breakpoint
INSERT INTO agent_ratio_history (agent_id, game_id, base_id, profit_ratio, proportion, valid_from)
  SELECT g.agent_id, g.game_id, h.id, g.profit_ratio, NULL, h.valid_from
  FROM agent_game_ratios g JOIN agent_ratio_history h ON h.agent_id = g.agent_id AND h.game_id IS NULL
  ORDER BY g.agent_id, g.game_id;
