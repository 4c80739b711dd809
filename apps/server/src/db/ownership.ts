import type { Resource } from '@agent-console/contract';
import { type AnyColumn, and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Database, rowsOf } from './client';
import { agents } from './schema/agents';
import { inScope, type ScopeRef } from './scoping';

interface OwnedTable {
  table: PgTable;
  id: AnyColumn;
  /** The column naming the agent a record belongs to. */
  owner: AnyColumn;
  /** Records that count as existing (a deleted agent is outside every scope). */
  live?: SQL;
}

/**
 * Where each resource of the contract lives and which agent owns a record. A new resource (net
 * bars, channels, orders, withdrawals…) adds its line here and the contract's `RESOURCES`.
 */
const OWNED: Record<Resource, OwnedTable> = {
  agent: { table: agents, id: agents.id, owner: agents.id, live: sql`${agents.status} = 'active'` },
};

export function createOwnershipRepository(db: Database) {
  return {
    /** How many of these (distinct) ids are live records of the resource inside the scope: one query. */
    async countOwned(scope: ScopeRef, resource: Resource, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const t = OWNED[resource];
      const [row] = rowsOf(
        await db
          .q()
          .execute(
            sql`select count(*)::int as n from ${t.table} where ${and(inArray(t.id, [...ids]), t.live, inScope(scope, t.owner))}`,
          ),
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type OwnershipRepository = ReturnType<typeof createOwnershipRepository>;
