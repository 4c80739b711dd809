import type { Resource } from '@agent-console/contract';
import { type AnyColumn, and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ChainColumns } from './agent-chain';
import { type Database, rowsOf } from './client';
import { agents } from './schema/agents';
import { channels } from './schema/channels';
import { netBars } from './schema/net-bars';
import { orders } from './schema/orders';
import { players } from './schema/players';
import { inChainScope, inScope, type ScopeRef } from './scoping';

interface OwnedTable {
  table: PgTable;
  id: AnyColumn;
  /** The caller's reach over the table's records. */
  reach: (scope: ScopeRef) => SQL | undefined;
  /** Records that count as existing (a deleted agent is outside every scope). */
  live?: SQL;
}

/** A business record is reached through the agent chain it was created with. */
const chained = (t: ChainColumns) => (scope: ScopeRef) => inChainScope(scope, t);

/**
 * Where each resource of the contract lives and which agent owns a record. A new resource (net
 * bars, channels, orders, withdrawals…) adds its line here and the contract's `RESOURCES`.
 */
const OWNED: Record<Resource, OwnedTable> = {
  agent: {
    table: agents,
    id: agents.id,
    reach: (scope) => inScope(scope, agents.id),
    live: sql`${agents.status} = 'active'`,
  },
  netBar: { table: netBars, id: netBars.id, reach: chained(netBars) },
  channel: { table: channels, id: channels.id, reach: chained(channels) },
  player: { table: players, id: players.id, reach: chained(players) },
  order: { table: orders, id: orders.id, reach: chained(orders) },
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
            sql`select count(*)::int as n from ${t.table} where ${and(inArray(t.id, [...ids]), t.live, t.reach(scope))}`,
          ),
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type OwnershipRepository = ReturnType<typeof createOwnershipRepository>;
