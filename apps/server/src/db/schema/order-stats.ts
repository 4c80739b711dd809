import { date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { fen } from '../money';

/**
 * The orders rolled up by agent of their frozen chain, China day of creation and current status:
 * for every agent on an order's chain (the level 0 operator down to the agent that signed the net
 * bar), a row counts the order, what it paid and its price-increase part. So the figures of an
 * agent's subtree over a range of days are at most (days × 7 statuses) rows, whatever the number
 * of orders. Kept by statement triggers on `orders` (migration `0012_order_node_day_stats_trigger`),
 * in the transaction that writes the orders, whatever code writes them (ingestion, replays, status
 * changes). Totals, the list's count and the statistics read it when their filters allow
 * (docs/domain.md#orders-and-channel-users). No CHECK on the counts: the triggers add signed
 * deltas in one upsert, and a CHECK would refuse a negative delta before seeing its row exists (a
 * test compares the rollup with the orders).
 */
export const orderNodeDayStats = pgTable(
  'order_node_day_stats',
  {
    /** An agent of the orders' chain (any level): its subtree's orders. */
    nodeId: integer('node_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    orderCount: integer('order_count').notNull(),
    amountFen: fen('amount_fen').notNull(),
    priceIncreaseFen: fen('price_increase_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.day, t.status] }),
    index('order_node_day_stats_day_idx').on(t.day),
  ],
);
