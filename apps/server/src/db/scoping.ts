import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { type ChainColumns, chainByLevel } from './agent-chain';
import { agentAncestry } from './schema/agent-ancestry';
import { agents } from './schema/agents';

/**
 * What a query needs to know of its caller's reach; `modules/agents/scope.ts` makes it from the
 * session. Repositories add `inScope(scope, column)` to every query of a resource, on the column
 * that names the agent a row belongs to.
 */
export interface ScopeRef {
  /** The caller's agent. */
  readonly agentId: number;
  /** Level 0: the whole tree, no restriction. */
  readonly wholeTree: boolean;
  /** The caller's agent level (0-5): which chain column of a business record names it. */
  readonly agentLevel: number;
}

/**
 * SQL: the roots of the agent tree (the level 0 agents, the only ones without a parent), as a
 * parenthesised subquery of ids: every agent is in the subtree of one of them, so their subtrees
 * together are the whole tree.
 */
export const treeRoots = (): SQL =>
  sql`(select ${agents.id} from ${agents} where ${agents.parentId} is null)`;

/** SQL: `column` holds the id of an agent of the subtree of `rootId` (itself included): an index range of the closure table. */
export const inSubtreeOf = (rootId: number, column: AnyColumn | SQL): SQL =>
  sql`${column} in (select ${agentAncestry.descendantId} from ${agentAncestry} where ${agentAncestry.ancestorId} = ${rootId})`;

/** SQL: the caller may see the rows whose agent is `column`; undefined (no restriction) for the whole tree. */
export const inScope = (scope: ScopeRef, column: AnyColumn | SQL): SQL | undefined =>
  scope.wholeTree ? undefined : inSubtreeOf(scope.agentId, column);

/**
 * SQL: the caller may see the business records (net bars, channels, players, orders, device days)
 * whose frozen agent chain (`db/agent-chain.ts`) holds its agent: `chain_l<level> = agent`, one
 * btree range; undefined (no restriction) for the whole tree. The same reach as `inScope`, read
 * from the chain the record was created with rather than from today's tree.
 */
export const inChainScope = (scope: ScopeRef, t: ChainColumns): SQL | undefined => {
  if (scope.wholeTree) return undefined;
  const column = chainByLevel(t)[scope.agentLevel - 1];
  if (!column) throw new Error(`no chain column for agent level ${scope.agentLevel}`);
  return eq(column, scope.agentId);
};
