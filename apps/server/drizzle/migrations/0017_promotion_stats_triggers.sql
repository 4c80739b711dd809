-- The rollups of the promotion screens (channel_stats, net_bar_day_stats; schema/promotion-stats.ts),
-- kept by statement triggers on `players` and `orders` in the transaction that writes them, as
-- order_node_day_stats is (0012). Per statement, the rows' deltas (+1 for a new row version, -1
-- for an old one) are read once from the transition tables and added to both rollups by one
-- statement, each upsert grouped and in key order (so two transactions take the rows' locks in the
-- same order); keys whose figures do not change (a player's order count, an order's payment time)
-- are not written. A player counts where and when it registered, from its terminal; an order where
-- and when it was created, from its terminal, and its amount when paid: statuses 30, 40, 50, 52, 70
-- (PAID_ORDER_STATUSES of the contract). One function for both tables and the three operations:
-- the deltas' query is put together from the table and the operation (a transition table exists
-- only for the operations that have it). A copy of a whole database that brings the rollups along
-- sets `ac.restoring` to 'on' for its transaction (as for 0012), so its rows are not counted twice.
CREATE OR REPLACE FUNCTION promotion_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One transition table's deltas: %1$I the table, %2$s the sign.
  row_deltas text;
  deltas text;
BEGIN
  IF coalesce(current_setting('ac.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'players' THEN
    row_deltas := 'SELECT channel_id, net_bar_id, ((registered_at AT TIME ZONE ''UTC'') + interval ''8 hours'')::date AS day,
      terminal_type, %2$s AS users, 0 AS orders, 0::bigint AS paid FROM %1$I';
  ELSE
    row_deltas := 'SELECT channel_id, net_bar_id, ((created_at AT TIME ZONE ''UTC'') + interval ''8 hours'')::date AS day,
      terminal_type, 0 AS users, %2$s AS orders,
      %2$s * (CASE WHEN status IN (30, 40, 50, 52, 70) THEN amount_fen ELSE 0 END)::bigint AS paid FROM %1$I';
  END IF;
  deltas := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN format(row_deltas, 'new_rows', '1') END,
    CASE WHEN TG_OP <> 'INSERT' THEN format(row_deltas, 'old_rows', '-1') END);
  EXECUTE format($sql$
    WITH d AS MATERIALIZED (%s),
    by_channel AS (
      INSERT INTO channel_stats AS s (channel_id, user_count, order_count, paid_amount_fen)
        SELECT channel_id, sum(users)::int, sum(orders)::int, sum(paid)::bigint FROM d
        WHERE channel_id IS NOT NULL
        GROUP BY 1
        HAVING sum(users) <> 0 OR sum(orders) <> 0 OR sum(paid) <> 0
        ORDER BY 1
      ON CONFLICT (channel_id) DO UPDATE SET
        user_count = s.user_count + excluded.user_count,
        order_count = s.order_count + excluded.order_count,
        paid_amount_fen = s.paid_amount_fen + excluded.paid_amount_fen
    )
    INSERT INTO net_bar_day_stats AS s (net_bar_id, day, terminal_type, user_count, order_count, paid_amount_fen)
      SELECT net_bar_id, day, terminal_type, sum(users)::int, sum(orders)::int, sum(paid)::bigint FROM d
      WHERE net_bar_id IS NOT NULL
      GROUP BY 1, 2, 3
      HAVING sum(users) <> 0 OR sum(orders) <> 0 OR sum(paid) <> 0
      ORDER BY 1, 2, 3
    ON CONFLICT (net_bar_id, day, terminal_type) DO UPDATE SET
      user_count = s.user_count + excluded.user_count,
      order_count = s.order_count + excluded.order_count,
      paid_amount_fen = s.paid_amount_fen + excluded.paid_amount_fen
  $sql$, deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER players_promotion_stats_insert AFTER INSERT ON players
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER players_promotion_stats_update AFTER UPDATE ON players
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER players_promotion_stats_delete AFTER DELETE ON players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER orders_promotion_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER orders_promotion_stats_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER orders_promotion_stats_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_stats_trigger();
--> statement-breakpoint
INSERT INTO channel_stats (channel_id, user_count, order_count, paid_amount_fen)
  SELECT channel_id, sum(users)::int, sum(orders)::int, sum(paid)::bigint FROM (
    SELECT channel_id, count(*) AS users, 0 AS orders, 0 AS paid FROM players
    WHERE channel_id IS NOT NULL GROUP BY 1
    UNION ALL
    SELECT channel_id, 0, count(*), sum(CASE WHEN status IN (30, 40, 50, 52, 70) THEN amount_fen ELSE 0 END)
    FROM orders WHERE channel_id IS NOT NULL GROUP BY 1) x
  GROUP BY 1;
--> statement-breakpoint
INSERT INTO net_bar_day_stats (net_bar_id, day, terminal_type, user_count, order_count, paid_amount_fen)
  SELECT net_bar_id, day, terminal_type, sum(users)::int, sum(orders)::int, sum(paid)::bigint FROM (
    SELECT net_bar_id, ((registered_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, terminal_type,
      count(*) AS users, 0 AS orders, 0 AS paid
    FROM players WHERE net_bar_id IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT net_bar_id, ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, terminal_type,
      0, count(*), sum(CASE WHEN status IN (30, 40, 50, 52, 70) THEN amount_fen ELSE 0 END)
    FROM orders GROUP BY 1, 2, 3) x
  GROUP BY 1, 2, 3;
