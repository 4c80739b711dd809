import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { fen } from '../money';

/**
 * The orders rolled up by the China day they were created, the agent that signed their net bar,
 * the net bar, the channel (0: none) and the current status: how many, what they paid and the
 * price-increase part. Kept by a trigger on `orders` (migration `0007_order_day_stats_trigger`),
 * so it changes in the same transaction as the orders, whatever code writes them (ingestion, a
 * replay, a status change). The order totals and statistics read it instead of the orders when
 * their filters allow (docs/domain.md#orders-and-channel-users): a few thousand rows, not a
 * million. The chain columns are the order's (an agent's chain never changes, so they follow from
 * `agent_id`).
 */
export const orderDayStats = pgTable(
  'order_day_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    netBarId: integer('net_bar_id').notNull(),
    /** 0 when the orders have no channel. */
    channelId: integer('channel_id').notNull(),
    status: smallint('status').notNull(),
    chainL1: integer('chain_l1'),
    chainL2: integer('chain_l2'),
    chainL3: integer('chain_l3'),
    chainL4: integer('chain_l4'),
    chainL5: integer('chain_l5'),
    orderCount: integer('order_count').notNull(),
    amountFen: fen('amount_fen').notNull(),
    priceIncreaseFen: fen('price_increase_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.agentId, t.netBarId, t.channelId, t.status] }),
    check('order_day_stats_count_check', sql`${t.orderCount} >= 0`),
    index('order_day_stats_l1_idx').on(t.chainL1, t.day).where(sql`${t.chainL1} is not null`),
    index('order_day_stats_l2_idx').on(t.chainL2, t.day).where(sql`${t.chainL2} is not null`),
    index('order_day_stats_l3_idx').on(t.chainL3, t.day).where(sql`${t.chainL3} is not null`),
    index('order_day_stats_l4_idx').on(t.chainL4, t.day).where(sql`${t.chainL4} is not null`),
    index('order_day_stats_l5_idx').on(t.chainL5, t.day).where(sql`${t.chainL5} is not null`),
  ],
);
