-- The rollup of orders (order_day_stats) kept per statement instead of per row: ingestion writes a
-- batch of orders in one statement, and one aggregated upsert per statement (transition tables)
-- costs what one row did. Same rule as before: what an insert adds, a delete takes away, an update
-- moves from its old key to its new one; a copy of a whole database that brings the rollup along
-- sets `ac.restoring` to 'on' for its transaction.
DROP TRIGGER IF EXISTS orders_day_stats ON orders;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_day_stats_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ac.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  -- Each row counted +1 in its new key (insert, update) and -1 in its old key (update, delete),
  -- netted per key; rows an update left in the same key with the same amounts cancel out.
  CREATE TEMP TABLE IF NOT EXISTS order_day_stats_delta (
    day date, agent_id int, net_bar_id int, channel_id int, status smallint,
    chain_l1 int, chain_l2 int, chain_l3 int, chain_l4 int, chain_l5 int,
    order_count int, amount_fen bigint, price_increase_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_stats_delta
      SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, agent_id, net_bar_id,
        coalesce(channel_id, 0), status, chain_l1, chain_l2, chain_l3, chain_l4, chain_l5,
        1, amount_fen, price_increase_fen
      FROM new_orders;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_day_stats_delta
      SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, agent_id, net_bar_id,
        coalesce(channel_id, 0), status, chain_l1, chain_l2, chain_l3, chain_l4, chain_l5,
        -1, -amount_fen, -price_increase_fen
      FROM old_orders;
  ELSE
    INSERT INTO order_day_stats_delta
      SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, agent_id, net_bar_id,
        coalesce(channel_id, 0), status, chain_l1, chain_l2, chain_l3, chain_l4, chain_l5,
        1, amount_fen, price_increase_fen
      FROM new_orders
      UNION ALL
      SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, agent_id, net_bar_id,
        coalesce(channel_id, 0), status, chain_l1, chain_l2, chain_l3, chain_l4, chain_l5,
        -1, -amount_fen, -price_increase_fen
      FROM old_orders;
  END IF;
  -- Taking away: the rows are there (their orders were added to them). An insert would be checked
  -- (order_count >= 0) before its conflict is seen.
  UPDATE order_day_stats s SET
    order_count = s.order_count + d.order_count,
    amount_fen = s.amount_fen + d.amount_fen,
    price_increase_fen = s.price_increase_fen + d.price_increase_fen
  FROM (
    SELECT day, agent_id, net_bar_id, channel_id, status, sum(order_count)::int AS order_count,
      sum(amount_fen)::bigint AS amount_fen, sum(price_increase_fen)::bigint AS price_increase_fen
    FROM order_day_stats_delta GROUP BY 1, 2, 3, 4, 5
    HAVING sum(order_count) < 0
  ) d
  WHERE s.day = d.day AND s.agent_id = d.agent_id AND s.net_bar_id = d.net_bar_id
    AND s.channel_id = d.channel_id AND s.status = d.status;
  INSERT INTO order_day_stats AS s (day, agent_id, net_bar_id, channel_id, status,
      chain_l1, chain_l2, chain_l3, chain_l4, chain_l5, order_count, amount_fen, price_increase_fen)
    SELECT day, agent_id, net_bar_id, channel_id, status,
      min(chain_l1), min(chain_l2), min(chain_l3), min(chain_l4), min(chain_l5),
      sum(order_count)::int, sum(amount_fen)::bigint, sum(price_increase_fen)::bigint
    FROM order_day_stats_delta GROUP BY 1, 2, 3, 4, 5
    HAVING sum(order_count) >= 0
      AND (sum(order_count) <> 0 OR sum(amount_fen) <> 0 OR sum(price_increase_fen) <> 0)
  ON CONFLICT (day, agent_id, net_bar_id, channel_id, status) DO UPDATE SET
    order_count = s.order_count + excluded.order_count,
    amount_fen = s.amount_fen + excluded.amount_fen,
    price_increase_fen = s.price_increase_fen + excluded.price_increase_fen;
  DELETE FROM order_day_stats_delta;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_day_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_statement();
--> statement-breakpoint
CREATE TRIGGER orders_day_stats_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_statement();
--> statement-breakpoint
CREATE TRIGGER orders_day_stats_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_statement();
