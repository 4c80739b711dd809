import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { agentChainColumns, chainIndexes } from '../agent-chain';
import { fen, fenCheck } from '../money';

/**
 * A player (channel user) of the rental platform, registered through a channel: hence a net bar
 * and an agent chain, frozen at registration. The phone arrives masked and is stored masked.
 */
export const players = pgTable(
  'players',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    platformUserId: bigint('platform_user_id', { mode: 'number' }).notNull().unique(),
    phoneMasked: varchar('phone_masked', { length: 20 }).notNull().default(''),
    // No foreign keys (docs/domain.md#ingestion): written with every order's batch, a player row
    // is inserted joined to its channel (its net bar is the channel's), and none is ever deleted.
    channelId: integer('channel_id'),
    netBarId: integer('net_bar_id'),
    /** Spec section 4: 0-6. */
    terminalType: smallint('terminal_type').notNull(),
    ...agentChainColumns({ copied: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Kept by ingestion with the player's orders. */
    orderCount: integer('order_count').notNull().default(0),
    spentFen: fen('spent_fen').notNull().default(0),
  },
  (t) => [
    check('players_terminal_type_check', sql`${t.terminalType} between 0 and 6`),
    check('players_order_count_check', sql`${t.orderCount} >= 0`),
    fenCheck('players_spent_fen_range', t.spentFen, { nonNegative: true }),
    index('players_registered_at_id_idx').on(t.registeredAt, t.id),
    index('players_channel_id_idx').on(t.channelId, t.registeredAt),
    index('players_net_bar_id_idx').on(t.netBarId, t.registeredAt),
    ...chainIndexes('players', t, t.registeredAt, t.id),
  ],
);

export type PlayerRow = typeof players.$inferSelect;
