import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { agentAncestry } from './schema/agent-ancestry';

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
}

/** SQL: `column` holds the id of an agent of the subtree of `rootId` (itself included): an index range of the closure table. */
export const inSubtreeOf = (rootId: number, column: AnyColumn | SQL): SQL =>
  sql`${column} in (select ${agentAncestry.descendantId} from ${agentAncestry} where ${agentAncestry.ancestorId} = ${rootId})`;

/** SQL: the caller may see the rows whose agent is `column`; undefined (no restriction) for the whole tree. */
export const inScope = (scope: ScopeRef, column: AnyColumn | SQL): SQL | undefined =>
  scope.wholeTree ? undefined : inSubtreeOf(scope.agentId, column);
