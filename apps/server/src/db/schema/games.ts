import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents';

/** A game of the rental platform (the catalogue the per-game profit ratios refer to). */
export const games = pgTable('games', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  /** Display order: smaller first. */
  sortOrder: smallint('sort_order').notNull().default(0),
});

/**
 * An agent's special profit ratio for one game, in 1/10000. A game without a row falls back to the
 * agent's base profit ratio.
 */
export const agentGameRatios = pgTable(
  'agent_game_ratios',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    profitRatio: integer('profit_ratio').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.gameId] }),
    check('agent_game_ratios_profit_ratio_check', sql`${t.profitRatio} between 0 and 10000`),
    index('agent_game_ratios_game_id_idx').on(t.gameId),
  ],
);

export type GameRow = typeof games.$inferSelect;
