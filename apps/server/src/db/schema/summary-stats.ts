import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { fen } from '../money';

/**
 * The rollups of the summary statistics and the workbench (issue 11,
 * docs/domain.md#summary-statistics-issue-11). Unlike the ingestion-time rollups, these are
 * recomputed a period at a time by a catch-up step (`modules/stats`): the statement triggers of
 * migration 0040 only note which China days changed (`summary_marks`), and the step rebuilds those
 * days, and their months, from the orders, players, device days and ledger entries. A rebuild from
 * scratch runs the same code over every day, so it gives the same rows.
 */

/** The figures of a rollup row: counts, amounts in fen, and the earnings of each level of the chain. */
const figures = () => ({
  newPlayers: integer('new_players').notNull(),
  /** Players whose first order of the period (any terminal) is in this row. */
  activePlayers: integer('active_players').notNull(),
  /** Players whose first order of the period in this row's terminal class is in this row. */
  activePlayersInClass: integer('active_players_in_class').notNull(),
  orderCount: integer('order_count').notNull(),
  orderAmountFen: fen('order_amount_fen').notNull(),
  paidCount: integer('paid_count').notNull(),
  paidAmountFen: fen('paid_amount_fen').notNull(),
  completedCount: integer('completed_count').notNull(),
  completedAmountFen: fen('completed_amount_fen').notNull(),
  refundCount: integer('refund_count').notNull(),
  refundAmountFen: fen('refund_amount_fen').notNull(),
  /** Net bars whose first order of the period (any terminal) is in this row. */
  activeNetBars: integer('active_net_bars').notNull(),
  activeNetBarsInClass: integer('active_net_bars_in_class').notNull(),
  devices: integer('devices').notNull(),
  /** The profit shares (net of reversals) of the chain's agent of level 0…5 on these orders. */
  earnL0Fen: fen('earn_l0_fen').notNull(),
  earnL1Fen: fen('earn_l1_fen').notNull(),
  earnL2Fen: fen('earn_l2_fen').notNull(),
  earnL3Fen: fen('earn_l3_fen').notNull(),
  earnL4Fen: fen('earn_l4_fen').notNull(),
  earnL5Fen: fen('earn_l5_fen').notNull(),
});

/** 1 a China day, 2 a China month (`period` its first day). */
const grain = () => smallint('grain').notNull();

/**
 * By agent of the records' frozen chain (every agent from the level 0 operator down to the one
 * that signed the net bar: the rows of node X are X's subtree), period, terminal class (1 client,
 * 2 web, 3 app: `TERMINAL_CLASSES`) and the net bar's area; `own` marks the records of X's own net
 * bars (X signed them), so a subtree splits into its own part and its direct sub-agents' rows.
 */
export const summaryStats = pgTable(
  'summary_stats',
  {
    nodeId: integer('node_id').notNull(),
    grain: grain(),
    period: date('period', { mode: 'string' }).notNull(),
    termClass: smallint('term_class').notNull(),
    /** The net bar's region codes; 0 for a record without a net bar (a player of a web channel). */
    provinceCode: integer('province_code').notNull(),
    cityCode: integer('city_code').notNull(),
    districtCode: integer('district_code').notNull(),
    own: boolean('own').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({
      columns: [t.nodeId, t.grain, t.period, t.termClass, t.provinceCode, t.cityCode, t.districtCode, t.own],
    }),
    check('summary_stats_grain_check', sql`${t.grain} in (1, 2)`),
  ],
);

/** The same figures by channel (the channelId filter): a channel's net bar, area and chain are its own. */
export const summaryChannelStats = pgTable(
  'summary_channel_stats',
  {
    channelId: integer('channel_id').notNull(),
    grain: grain(),
    period: date('period', { mode: 'string' }).notNull(),
    termClass: smallint('term_class').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.grain, t.period, t.termClass] }),
    check('summary_channel_stats_grain_check', sql`${t.grain} in (1, 2)`),
  ],
);

/**
 * The periods to count again: China days whose records changed (grain 1, one row per change noted,
 * written by statement triggers: an append, so concurrent writers never wait on each other here)
 * and months whose days were counted again (grain 2, written by the catch-up with the day's rows).
 * The catch-up deletes the rows of the period it counts in the same transaction, so a change
 * committed while it runs stays noted for the next round.
 */
export const summaryMarks = pgTable(
  'summary_marks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    grain: grain().default(1),
    /** The day, or the month's first day. */
    period: date('period', { mode: 'string' }).notNull(),
  },
  (t) => [index('summary_marks_period_idx').on(t.grain, t.period)],
);

/** One row: when the catch-up last brought the rollups up to date (every change committed before it is in). */
export const summaryState = pgTable(
  'summary_state',
  {
    id: smallint('id').primaryKey().default(1),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [check('summary_state_one_row', sql`${t.id} = 1`)],
);
