import { Codes } from '@agent-console/contract';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { agents } from '../db/schema/agents';
import { AppError } from '../shared/app-error';
import type { AuthContext } from '../shared/auth-context';

/** Told for every id outside the caller's subtree, whether it exists or not (1004, never 1003). */
export const AGENT_NOT_FOUND = '代理不存在';

export const agentNotFound = () => new AppError(Codes.NOT_FOUND, AGENT_NOT_FOUND);

/**
 * The ids of an agent's subtree (the agent itself included), as a subquery: a recursive walk down
 * `parent_id` (indexed). The tree is at most 6 levels deep, so the walk takes at most 6 steps.
 */
export const subtreeIds = (rootId: number): SQL =>
  sql`(with recursive sub(id) as (select ${rootId}::integer union all select a.id from ${agents} a join sub on a.parent_id = sub.id) select id from sub)`;

/**
 * The caller's reach: the one mechanism that limits every query and every id of a request to the
 * caller's subtree (issue 4, point 6). Services take a Scope, never a bare agent id:
 * - `covers(column)` is the SQL predicate every list query adds (level 0: no restriction);
 * - `assertInScope(ids)` checks every id a request carries (id, parentId, pid, agentId, agentIds)
 *   and answers 1004 代理不存在 for any id outside, so a caller cannot tell "not yours" from
 *   "does not exist". Deleted agents are outside every scope.
 */
export interface Scope {
  /** The caller's agent. */
  readonly agentId: number;
  readonly agentLevel: number;
  /** SQL: `column` holds the id of an agent of the caller's subtree (the caller included). */
  covers(column: AnyColumn | SQL): SQL;
  /** Throws 1004 unless every id is an active agent of the subtree; `strict`: also refuses the caller itself. */
  assertInScope(ids: number | readonly number[], options?: { strict?: boolean }): Promise<void>;
}

export function createScopes(db: Database) {
  return {
    /** The scope of an authenticated caller. */
    of(auth: Pick<AuthContext, 'agentId' | 'subject'>): Scope {
      const { agentId } = auth;
      const agentLevel = auth.subject.agentLevel;
      const covers = (column: AnyColumn | SQL): SQL =>
        agentLevel === 0 ? sql`true` : sql`${column} in ${subtreeIds(agentId)}`;
      return {
        agentId,
        agentLevel,
        covers,
        async assertInScope(ids, options = {}) {
          const list = [...new Set(typeof ids === 'number' ? [ids] : ids)];
          if (list.length === 0) return;
          if (options.strict && list.includes(agentId)) throw agentNotFound();
          if (list.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647))
            throw agentNotFound();
          const [row] = rowsOf(
            await db
              .q()
              .execute(
                sql`select count(*)::int as n from ${agents} where ${and(inArray(agents.id, list), eq(agents.status, 'active'), covers(agents.id))}`,
              ),
          );
          if (Number(row?.n) !== list.length) throw agentNotFound();
        },
      };
    },
  };
}

export type Scopes = ReturnType<typeof createScopes>;
