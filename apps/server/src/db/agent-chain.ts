import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, type PgColumn } from 'drizzle-orm/pg-core';
import { agents } from './schema/agents';

/**
 * The agent chain a business record (net bar, channel, player, order, device day) is frozen with
 * when it is created: the ids from the level 0 operator down to the agent the record belongs to,
 * plus that chain spread by level (`chain_l1` … `chain_l5`: the chain's agent of that level, null
 * where the chain skips the level). Later changes in the tree never rewrite who a record belongs
 * to, and "the records of agent X's subtree" is `chain_l<level of X> = X`: one btree range (with
 * the list's sort column after it), not a walk of the tree per row (`inChainScope` in scoping.ts).
 */
export const agentChainColumns = (options: { copied?: boolean } = {}) => ({
  /**
   * The agent the record belongs to (the last id of the chain). A chain `copied` from the parent
   * record in the statement that inserts the row (a player's from its channel, an order's and a
   * device day's from their net bar) has no foreign key of its own: the parent's chain was checked
   * against the agents when the parent was created, and agents are never deleted, so the check
   * would only cost a lock on the agent's row per inserted row (docs/domain.md#ingestion).
   */
  agentId: options.copied
    ? integer('agent_id').notNull()
    : integer('agent_id')
        .notNull()
        .references(() => agents.id),
  /** From level 0 down to `agent_id`, frozen at creation. */
  agentChain: integer('agent_chain').array().notNull(),
  chainL1: integer('chain_l1'),
  chainL2: integer('chain_l2'),
  chainL3: integer('chain_l3'),
  chainL4: integer('chain_l4'),
  chainL5: integer('chain_l5'),
});

export interface ChainColumns {
  chainL1: AnyPgColumn;
  chainL2: AnyPgColumn;
  chainL3: AnyPgColumn;
  chainL4: AnyPgColumn;
  chainL5: AnyPgColumn;
}

/** The chain columns of a table by level: `byLevel(t)[level - 1]`. */
export const chainByLevel = (t: ChainColumns): readonly AnyPgColumn[] => [
  t.chainL1,
  t.chainL2,
  t.chainL3,
  t.chainL4,
  t.chainL5,
];

/**
 * The indexes a chained table's lists read: for each level, the agents of that level with the
 * table's list order after them (`then`), so a subtree's page is an index range in list order.
 */
export function chainIndexes(table: string, t: ChainColumns & { agentChain: PgColumn }, ...then: PgColumn[]) {
  return [
    check(`${table}_agent_chain_check`, sql`cardinality(${t.agentChain}) between 1 and 6`),
    ...chainByLevel(t).map((column, i) =>
      index(`${table}_chain_l${i + 1}_idx`)
        .on(column, ...then)
        .where(sql`${column} is not null`),
    ),
  ];
}

/** An agent of a chain with its level, as `chainValues` takes it. */
export interface ChainLink {
  id: number;
  agentLevel: number;
}

/** The column values of a chain (ordered from level 0 down): what a repository inserts. */
export function chainValues(chain: readonly ChainLink[]) {
  const last = chain[chain.length - 1];
  if (!last || chain[0]?.agentLevel !== 0) throw new Error('an agent chain starts at the level 0 operator');
  const at = (level: number) => chain.find((link) => link.agentLevel === level)?.id ?? null;
  return {
    agentId: last.id,
    agentChain: chain.map((link) => link.id),
    chainL1: at(1),
    chainL2: at(2),
    chainL3: at(3),
    chainL4: at(4),
    chainL5: at(5),
  };
}
