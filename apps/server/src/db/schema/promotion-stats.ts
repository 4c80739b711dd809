import { date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { fen } from '../money';

/**
 * The figures of the promotion screens, rolled up (docs/domain.md#promotion-channels-and-web-promotion-issue-9-net-bar-mgt-and-web-mgt).
 * Kept by statement triggers on `players` and `orders` (migration `0017_promotion_stats_triggers`)
 * in the transaction that writes them, whatever code writes them (ingestion, replays, status
 * changes): one grouped upsert per statement and table, in key order. "Paid" is the statuses 30,
 * 40, 50, 52 and 70 (`PAID_ORDER_STATUSES`): an order counts under its current status. No CHECK on
 * the counts: the triggers add signed deltas in one upsert (a test compares the rollups with the
 * players and orders they count).
 */

/**
 * A channel's figures of all time (the /net-bar-mgt list and its totals row): the players
 * registered through it, its orders, and the amount of those paid. One row per channel that has a
 * player or an order, so the figures of N channels are N rows, whatever the number of orders.
 */
export const channelStats = pgTable('channel_stats', {
  channelId: integer('channel_id').primaryKey(),
  userCount: integer('user_count').notNull(),
  orderCount: integer('order_count').notNull(),
  paidAmountFen: fen('paid_amount_fen').notNull(),
});

/**
 * A net bar's figures by China day and terminal type (the /web-mgt list over a range of days, of
 * one terminal or all): the players registered at it that day from that terminal, the orders
 * created at it, and the amount of those paid.
 */
export const netBarDayStats = pgTable(
  'net_bar_day_stats',
  {
    netBarId: integer('net_bar_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    terminalType: smallint('terminal_type').notNull(),
    userCount: integer('user_count').notNull(),
    orderCount: integer('order_count').notNull(),
    paidAmountFen: fen('paid_amount_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.netBarId, t.day, t.terminalType] }),
    index('net_bar_day_stats_day_idx').on(t.day),
  ],
);
