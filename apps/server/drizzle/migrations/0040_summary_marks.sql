-- The summary statistics' catch-up (issue 11; schema/summary-stats.ts, modules/stats): statement
-- triggers note in `summary_marks` the China days whose records changed, in the transaction that
-- changes them, whoever writes them (ingestion, settlement, replays, a copy of a database). One
-- insert of the statement's distinct days: an append, so concurrent writers never wait on a mark.
-- The catch-up rebuilds those days (and their months) and deletes the marks it read.
-- - orders: created or changed (a status moves its amount between paid, completed and refunded):
--   the day of its creation;
-- - players: registered, or registered earlier than known (a late registration event) or from
--   another terminal: the old and the new day;
-- - device days: reported or their active minutes changed: that day;
-- - ledger entries of an order (a share, a reversal): the day the order was created;
-- - net bars whose area changed: every day with one of its orders, players or device days (the
--   rows are by the bar's current area; a bar rarely moves).
-- No `ac.restoring` exception: a mark costs one row, and a recount of a day is always right.
CREATE OR REPLACE FUNCTION summary_mark_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    INSERT INTO summary_marks (period)
      SELECT DISTINCT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date FROM new_rows;
  ELSIF TG_TABLE_NAME = 'players' AND TG_OP = 'INSERT' THEN
    INSERT INTO summary_marks (period)
      SELECT DISTINCT ((registered_at AT TIME ZONE 'UTC') + interval '8 hours')::date FROM new_rows;
  ELSIF TG_TABLE_NAME = 'players' THEN
    -- Most updates of a player only move its order count: the versions whose registration time or
    -- terminal differ are found by two hashed set differences, not by a join of the transition
    -- tables (which have no statistics, and got a nested loop: quadratic in the batch).
    INSERT INTO summary_marks (period)
      SELECT DISTINCT ((x.registered_at AT TIME ZONE 'UTC') + interval '8 hours')::date FROM (
        (SELECT id, registered_at, terminal_type FROM new_rows EXCEPT SELECT id, registered_at, terminal_type FROM old_rows)
        UNION ALL
        (SELECT id, registered_at, terminal_type FROM old_rows EXCEPT SELECT id, registered_at, terminal_type FROM new_rows)
      ) x;
  ELSIF TG_TABLE_NAME = 'device_active_days' THEN
    INSERT INTO summary_marks (period) SELECT DISTINCT day FROM new_rows;
  ELSIF TG_TABLE_NAME = 'ledger_entries' THEN
    INSERT INTO summary_marks (period)
      SELECT DISTINCT ((o.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date
      FROM (SELECT DISTINCT order_id FROM new_rows WHERE order_id IS NOT NULL) e
        JOIN orders o ON o.id = e.order_id;
  ELSIF TG_TABLE_NAME = 'net_bars' THEN
    INSERT INTO summary_marks (period)
      WITH moved AS (
        SELECT id FROM (SELECT id, province_code, city_code, district_code FROM new_rows
          EXCEPT SELECT id, province_code, city_code, district_code FROM old_rows) x
      )
      SELECT ((x.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date FROM orders x WHERE x.net_bar_id IN (SELECT id FROM moved)
      UNION
      SELECT ((x.registered_at AT TIME ZONE 'UTC') + interval '8 hours')::date FROM players x WHERE x.net_bar_id IN (SELECT id FROM moved)
      UNION
      SELECT x.day FROM device_active_days x WHERE x.net_bar_id IN (SELECT id FROM moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_summary_marks_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER orders_summary_marks_update AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER players_summary_marks_insert AFTER INSERT ON players
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER players_summary_marks_update AFTER UPDATE ON players
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER device_active_days_summary_marks_insert AFTER INSERT ON device_active_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER device_active_days_summary_marks_update AFTER UPDATE ON device_active_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_summary_marks AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
CREATE TRIGGER net_bars_summary_marks AFTER UPDATE ON net_bars
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_mark_days();
--> statement-breakpoint
INSERT INTO summary_state (id, refreshed_at) VALUES (1, NULL);
--> statement-breakpoint
-- A database upgraded with its records: every day that holds one is noted, so the first catch-up
-- builds the rollups.
INSERT INTO summary_marks (period)
  SELECT day FROM order_node_day_stats
  UNION SELECT ((registered_at AT TIME ZONE 'UTC') + interval '8 hours')::date FROM players
  UNION SELECT day FROM device_active_days
  ORDER BY 1;
