import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { agents } from './agents';

/**
 * The agent tree as a closure table: one row per (ancestor, descendant) pair, the agent itself
 * included at depth 0. Written once when an agent is created (a parent never changes), so "the
 * subtree of X" is an index range (`ancestor_id = X`) and "the chain above X" is an index lookup
 * (`descendant_id = X`, ordered by depth), with no recursive walk per query. Deleted agents keep
 * their rows: history stays attributable; liveness is the agents table's `status`.
 */
export const agentAncestry = pgTable(
  'agent_ancestry',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => agents.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => agents.id),
    /** 0: the agent itself; 1: its parent; … */
    depth: smallint('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('agent_ancestry_descendant_idx').on(t.descendantId, t.depth),
    check('agent_ancestry_depth_check', sql`${t.depth} between 0 and 5`),
  ],
);
