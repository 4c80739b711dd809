import { RENT_TYPES } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { agentChainColumns, chainIndexes } from '../agent-chain';
import { fen, fenCheck } from '../money';

/**
 * A bar retail order of the rental platform. Amounts are integer fen. The agent chain is frozen
 * when the order is created (the net bar's signing agent and its ancestors at that moment): later
 * changes in the tree never rewrite who earned what. `status_at` is the time of the event that set
 * the current status: an older status event never moves the order back.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNo: varchar('order_no', { length: 40 }).notNull().unique(),
    // No foreign keys (docs/domain.md#ingestion): an order is inserted joined to its player, game,
    // net bar and channel in the same statement (a missing parent means no row, never an orphan),
    // and none of those is ever deleted; a foreign key's check would lock each parent row once
    // per order, the largest cost of writing an order.
    playerId: integer('player_id').notNull(),
    gameId: integer('game_id').notNull(),
    /** The platform's id of the rented goods (account). */
    goodsId: bigint('goods_id', { mode: 'number' }).notNull(),
    netBarId: integer('net_bar_id').notNull(),
    channelId: integer('channel_id'),
    /** Spec section 4: 10-70. */
    source: smallint('source').notNull(),
    /** Spec section 4: 0-6. */
    terminalType: smallint('terminal_type').notNull(),
    rentType: text('rent_type', { enum: RENT_TYPES }).notNull(),
    /** The rented duration in minutes. */
    rentMinutes: integer('rent_minutes').notNull(),
    /** What the player paid, the price increase included. */
    amountFen: fen('amount_fen').notNull(),
    /** The part of the amount added by the agent's price-increase plan. */
    priceIncreaseFen: fen('price_increase_fen').notNull().default(0),
    /** Spec section 4: 10, 30, 40, 50, 52, 60, 70. */
    status: smallint('status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...agentChainColumns({ copied: true }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    rentStartAt: timestamp('rent_start_at', { withTimezone: true, mode: 'date' }),
    rentEndAt: timestamp('rent_end_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('orders_source_check', sql`${t.source} in (10, 20, 30, 40, 50, 60, 70)`),
    check('orders_terminal_type_check', sql`${t.terminalType} between 0 and 6`),
    check('orders_status_check', sql`${t.status} in (10, 30, 40, 50, 52, 60, 70)`),
    check('orders_rent_type_check', sql`${t.rentType} in ('hour', 'night', 'day')`),
    check('orders_rent_minutes_check', sql`${t.rentMinutes} between 1 and 44640`),
    fenCheck('orders_amount_fen_range', t.amountFen, { nonNegative: true }),
    fenCheck('orders_price_increase_fen_range', t.priceIncreaseFen, { nonNegative: true }),
    check('orders_price_increase_check', sql`${t.priceIncreaseFen} <= ${t.amountFen}`),
    index('orders_created_at_id_idx').on(t.createdAt, t.id),
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_net_bar_id_idx').on(t.netBarId, t.createdAt),
    // Status and amount after the key: a channel's figures (promotion lists and totals) are read
    // from the index alone, not from the rows scattered over the table.
    index('orders_channel_id_idx').on(t.channelId, t.createdAt, t.status, t.amountFen),
    index('orders_player_id_idx').on(t.playerId),
    ...chainIndexes('orders', t, t.createdAt, t.id),
  ],
);

/** Every status an order went through, with the time the platform reported for it. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    /** Inserted joined to its order (no foreign key, as for the order's own parents). */
    orderId: integer('order_id').notNull(),
    status: smallint('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The ingest event that reported it. */
    eventId: varchar('event_id', { length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.occurredAt, t.status] }),
    check('order_status_history_status_check', sql`${t.status} in (10, 30, 40, 50, 52, 60, 70)`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
