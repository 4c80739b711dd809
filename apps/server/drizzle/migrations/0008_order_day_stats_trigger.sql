-- The rollup of the orders by China day, signing agent, net bar, channel and status
-- (order_day_stats, schema/order-stats.ts), kept by a trigger in the transaction that writes the
-- orders. A copy of a whole database that brings the rollup along (the test harness restoring its
-- seed) sets `ac.restoring` to 'on' for its transaction, so the copied orders are not counted twice.
CREATE OR REPLACE FUNCTION order_day_stats_apply(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Taking away: the row is there (the order was added to it). An insert would be checked
  -- (order_count >= 0) before its conflict is seen.
  IF sign < 0 THEN
    UPDATE order_day_stats SET
      order_count = order_count - 1,
      amount_fen = amount_fen - o.amount_fen,
      price_increase_fen = price_increase_fen - o.price_increase_fen
    WHERE day = ((o.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AND agent_id = o.agent_id
      AND net_bar_id = o.net_bar_id AND channel_id = coalesce(o.channel_id, 0) AND status = o.status;
    RETURN;
  END IF;
  INSERT INTO order_day_stats AS s (day, agent_id, net_bar_id, channel_id, status,
      chain_l1, chain_l2, chain_l3, chain_l4, chain_l5, order_count, amount_fen, price_increase_fen)
    VALUES (((o.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, o.agent_id, o.net_bar_id,
      coalesce(o.channel_id, 0), o.status, o.chain_l1, o.chain_l2, o.chain_l3, o.chain_l4, o.chain_l5,
      sign, sign * o.amount_fen, sign * o.price_increase_fen)
  ON CONFLICT (day, agent_id, net_bar_id, channel_id, status) DO UPDATE SET
    order_count = s.order_count + excluded.order_count,
    amount_fen = s.amount_fen + excluded.amount_fen,
    price_increase_fen = s.price_increase_fen + excluded.price_increase_fen;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_day_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ac.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_day_stats_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM order_day_stats_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_day_stats
  AFTER INSERT OR DELETE OR UPDATE OF status, amount_fen, price_increase_fen, created_at, agent_id, net_bar_id, channel_id
  ON orders FOR EACH ROW EXECUTE FUNCTION order_day_stats_trigger();
--> statement-breakpoint
INSERT INTO order_day_stats (day, agent_id, net_bar_id, channel_id, status,
    chain_l1, chain_l2, chain_l3, chain_l4, chain_l5, order_count, amount_fen, price_increase_fen)
  SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, agent_id, net_bar_id,
    coalesce(channel_id, 0), status, min(chain_l1), min(chain_l2), min(chain_l3), min(chain_l4), min(chain_l5),
    count(*)::int, sum(amount_fen)::bigint, sum(price_increase_fen)::bigint
  FROM orders GROUP BY 1, 2, 3, 4, 5;
