import type { SortOrder } from '@agent-console/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ChainLink } from '../../db/agent-chain';
import { type Database, rowsOf } from '../../db/client';
import { contains, endsWith, equals, within } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, pageOfKeys } from '../../db/list';
import { accounts, type NewAccountRow } from '../../db/schema/accounts';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import { type AgentRow, agents, type NewAgentRow } from '../../db/schema/agents';
import { agentRatioHistory } from '../../db/schema/finance';
import { agentGameRatios, games } from '../../db/schema/games';
import { sessions } from '../../db/schema/sessions';
import { inScope, inSubtreeOf, type ScopeRef } from '../../db/scoping';

export type { AgentRow, NewAgentRow } from '../../db/schema/agents';

const TreeRow = z.object({
  id: z.number().int(),
  agent_name: z.string(),
  has_children: z.boolean(),
  total: z.number().int().optional(),
});
/** An agent as the agent selectors show it. */
export interface TreeNodeRow {
  id: number;
  agentName: string;
  /** Whether it has active sub-agents. */
  hasChildren: boolean;
}
const treeRowsOf = (result: unknown): { rows: TreeNodeRow[]; total: number } => {
  const parsed = rowsOf(result).map((r) => TreeRow.parse(r));
  return {
    rows: parsed.map((r) => ({ id: r.id, agentName: r.agent_name, hasChildren: r.has_children })),
    total: parsed[0]?.total ?? 0,
  };
};
const ChainRow = z.object({
  descendant_id: z.number().int(),
  id: z.number().int(),
  agent_level: z.number().int(),
});
const AncestorRow = z.object({
  descendant_id: z.number().int(),
  id: z.number().int(),
  agent_name: z.string(),
});

export interface GameRatioRow {
  agentId: number;
  gameId: number;
  gameName: string;
  profitRatio: number;
}

export interface AgentPageRow {
  agent: AgentRow;
  mobilePhone: string;
  parentName: string | null;
  subAgentCount: number;
}

/** The agent list's filters, validated by the service. */
export interface AgentListFilters {
  agentName?: string | undefined;
  mobilePhone?: string | undefined;
  agentLevel?: number | undefined;
  areaKey?: string | undefined;
  /** A node of the tree: its subtree only (undefined: the whole scope). */
  under?: number | undefined;
  created: { from?: Date; to?: Date };
  sort: { field: 'createTime' | 'id'; order: SortOrder };
}

export type AgentPatch = Partial<
  Omit<NewAgentRow, 'id' | 'userId' | 'parentId' | 'agentLevel' | 'createdAt' | 'status'>
>;

const parent = alias(agents, 'parent');

const SORT_COLUMNS = { createTime: agents.createdAt, id: agents.id } as const;

/** Areas intersect: one lies inside the other. An empty list is the whole country. */
const areaIntersects = (key: string): SQL => sql`(jsonb_array_length(${agents.areaInfo}) = 0 or exists (
  select 1 from jsonb_array_elements_text(${agents.areaInfo}) k(v)
  where k.v = ${key} or k.v like ${`${key}-%`} or ${key} like k.v || '-%'))`;

/**
 * A page of tree rows (`page`: id, agent_name and maybe total, already limited) with whether each
 * has active sub-agents, checked for the page's rows only (an index probe each).
 */
const treeRowsWithChildren = (page: SQL, order: SQL = sql`id`): SQL => sql`
  select t.*, exists(
    select 1 from ${agents} c where c.parent_id = t.id and c.status = 'active'
  ) as has_children
  from (${page}) t order by ${order}`;

export function createAgentsRepository(db: Database) {
  /**
   * The closure-table rows of new agents: each with itself (depth 0) and every ancestor of its
   * parent one step further. Parents first: a batch may hold agents of several levels.
   */
  async function addAncestry(created: readonly Pick<AgentRow, 'id' | 'parentId' | 'agentLevel'>[]) {
    const levels = [...new Set(created.map((a) => a.agentLevel))].sort((a, b) => a - b);
    for (const level of levels) {
      const ids = created.filter((a) => a.agentLevel === level).map((a) => a.id);
      await db.q().execute(sql`
        insert into ${agentAncestry} (ancestor_id, descendant_id, depth)
        select a.id, a.id, 0 from ${agents} a where a.id in ${ids}
        union all
        select p.ancestor_id, a.id, p.depth + 1 from ${agents} a
          join ${agentAncestry} p on p.descendant_id = a.parent_id
          where a.id in ${ids}`);
    }
  }

  /** The agent list's base rows: what its filters need, and nothing the page alone shows. */
  function listSource(scope: ScopeRef, f: AgentListFilters): ListSource {
    return {
      from: f.mobilePhone
        ? sql`${agents} join ${accounts} on ${accounts.id} = ${agents.userId}`
        : sql`${agents}`,
      where: [
        eq(agents.status, 'active'),
        // The caller's sub-agents, never itself.
        inScope(scope, agents.id),
        ne(agents.id, scope.agentId),
        f.under === undefined ? undefined : inSubtreeOf(f.under, agents.id),
        contains(agents.agentName, f.agentName),
        endsWith(accounts.mobilePhone, f.mobilePhone),
        equals(agents.agentLevel, f.agentLevel),
        f.areaKey === undefined ? undefined : areaIntersects(f.areaKey),
        within(agents.createdAt, f.created),
      ],
      key: agents.id,
      sort: { column: SORT_COLUMNS[f.sort.field], order: f.sort.order },
    };
  }

  /** The rows the list shows for these agents, with their phone, parent and sub-agent count, in key order. */
  async function rowsByKeys(keys: readonly number[]): Promise<AgentPageRow[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .q()
      .select({ agent: agents, mobilePhone: accounts.mobilePhone, parentName: parent.agentName })
      .from(agents)
      .innerJoin(accounts, eq(accounts.id, agents.userId))
      .leftJoin(parent, eq(parent.id, agents.parentId))
      .where(inArray(agents.id, [...keys]));
    const counts = await db
      .q()
      .select({ parentId: agents.parentId, n: sql<number>`count(*)::int` })
      .from(agents)
      .where(and(inArray(agents.parentId, [...keys]), eq(agents.status, 'active')))
      .groupBy(agents.parentId);
    const countOf = new Map(counts.map((c) => [c.parentId, Number(c.n)]));
    return inKeyOrder(
      keys,
      rows.map((r) => ({ ...r, subAgentCount: countOf.get(r.agent.id) ?? 0 })),
      (r) => r.agent.id,
    );
  }

  return {
    /** One page of the agent list and the count of all matches. */
    async page(
      scope: ScopeRef,
      filters: AgentListFilters,
      page: { pageNum: number; pageSize: number },
    ): Promise<{ rows: AgentPageRow[]; total: number }> {
      const { keys, total } = await pageOfKeys(db.q(), listSource(scope, filters), page);
      return { rows: await rowsByKeys(keys), total };
    },
    /** The whole filtered list, a batch of rows at a time (exports). */
    async *batches(scope: ScopeRef, filters: AgentListFilters): AsyncGenerator<AgentPageRow[]> {
      for await (const keys of keyBatches(db.q(), listSource(scope, filters))) yield await rowsByKeys(keys);
    },
    /** Over the whole filtered list: agents per level, and the active sub-agents they have. */
    async totals(scope: ScopeRef, filters: AgentListFilters) {
      const src = listSource(scope, filters);
      const byLevel = rowsOf(
        await db
          .q()
          .execute(
            sql`select ${agents.agentLevel} as level, count(*)::int as n ${filtered(src)} group by 1 order by 1`,
          ),
      ).map((r) => ({ agentLevel: Number(r.level), count: Number(r.n) }));
      const [sub] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n from ${agents} c
          where c.status = 'active' and c.parent_id in (select ${agents.id} ${filtered(src)})`),
      );
      return { byLevel, subAgentCount: Number(sub?.n ?? 0) };
    },
    /** A new agent and its rows of the closure table (call inside a transaction). */
    async insert(row: NewAgentRow): Promise<AgentRow> {
      const [created] = await db.q().insert(agents).values(row).returning();
      if (!created) throw new Error('insert into agents returned no row');
      await addAncestry([created]);
      return created;
    },
    async findById(id: number): Promise<AgentRow | null> {
      const [row] = await db.q().select().from(agents).where(eq(agents.id, id));
      return row ?? null;
    },
    /** Locks an agent's row until the transaction ends: a parent and a child never change at once. */
    async lock(id: number): Promise<void> {
      await db.q().execute(sql`select id from ${agents} where id = ${id} for update`);
    },
    /** The chain of an agent: its ancestors from the root (level 0) down, then itself. One index lookup. */
    async chain(agentId: number): Promise<number[]> {
      const rows = await db
        .q()
        .select({ id: agentAncestry.ancestorId })
        .from(agentAncestry)
        .where(eq(agentAncestry.descendantId, agentId))
        .orderBy(desc(agentAncestry.depth));
      return rows.map((r) => r.id);
    },
    /**
     * The chains of these active agents (one query on the closure table): for each, its ancestors
     * from the level 0 operator down, then itself, with their levels. Unknown and deleted agents
     * are left out.
     */
    async chainsOf(ids: readonly number[]): Promise<Map<number, ChainLink[]>> {
      const out = new Map<number, ChainLink[]>();
      if (ids.length === 0) return out;
      const result = await db.q().execute(sql`
        select ${agentAncestry.descendantId} as descendant_id, ${agents.id} as id, ${agents.agentLevel} as agent_level
        from ${agentAncestry} join ${agents} on ${agents.id} = ${agentAncestry.ancestorId}
        where ${agentAncestry.descendantId} in (
          select ${agents.id} from ${agents} where ${and(inArray(agents.id, [...new Set(ids)]), eq(agents.status, 'active'))})
        order by ${agentAncestry.descendantId}, ${agentAncestry.depth} desc`);
      for (const r of rowsOf(result)) {
        const row = ChainRow.parse(r);
        const chain = out.get(row.descendant_id) ?? [];
        chain.push({ id: row.id, agentLevel: row.agent_level });
        out.set(row.descendant_id, chain);
      }
      return out;
    },
    async findByUserId(userId: number): Promise<AgentRow | null> {
      const [row] = await db.q().select().from(agents).where(eq(agents.userId, userId));
      return row ?? null;
    },
    async findOperator(): Promise<AgentRow | null> {
      const [row] = await db.q().select().from(agents).where(eq(agents.agentLevel, 0));
      return row ?? null;
    },
    async findActiveByIds(ids: readonly number[]): Promise<AgentRow[]> {
      if (ids.length === 0) return [];
      return db
        .q()
        .select()
        .from(agents)
        .where(and(inArray(agents.id, [...ids]), eq(agents.status, 'active')))
        .orderBy(asc(agents.id));
    },
    /** The active direct sub-agents of an agent. */
    async activeChildren(id: number): Promise<AgentRow[]> {
      return db
        .q()
        .select()
        .from(agents)
        .where(and(eq(agents.parentId, id), eq(agents.status, 'active')))
        .orderBy(asc(agents.id));
    },
    async countActiveChildren(id: number): Promise<number> {
      return db.q().$count(agents, and(eq(agents.parentId, id), eq(agents.status, 'active')));
    },
    /**
     * The agent tree of the selectors, one level at a time: the active sub-agents of `parentId`
     * (by id, at most `limit`, each with whether it has active sub-agents: the `parent_id` index)
     * and how many there are. Scoped: the parent was checked to be the caller's, and the rows are
     * limited to the scope again.
     */
    async treeChildren(
      scope: ScopeRef,
      parentId: number,
      limit: number,
    ): Promise<{ rows: TreeNodeRow[]; total: number }> {
      const page = sql`select ${agents.id} as id, ${agents.agentName} as agent_name, count(*) over()::int as total
        from ${agents}
        where ${and(eq(agents.parentId, parentId), eq(agents.status, 'active'), inScope(scope, agents.id))}
        order by ${agents.id} limit ${limit}`;
      return treeRowsOf(await db.q().execute(treeRowsWithChildren(page)));
    },
    /**
     * The caller's sub-agents (never itself) whose name contains `name` (case-insensitive: the
     * trigram index), shallowest first then by id, at most `limit`; and how many match in all.
     */
    async treeSearch(
      scope: ScopeRef,
      name: string,
      limit: number,
    ): Promise<{ rows: TreeNodeRow[]; total: number }> {
      const page = sql`select ${agents.id} as id, ${agents.agentName} as agent_name, ${agents.agentLevel} as agent_level,
          count(*) over()::int as total
        from ${agents}
        where ${and(
          eq(agents.status, 'active'),
          ne(agents.id, scope.agentId),
          inScope(scope, agents.id),
          contains(agents.agentName, name),
        )}
        order by ${agents.agentLevel}, ${agents.id} limit ${limit}`;
      return treeRowsOf(await db.q().execute(treeRowsWithChildren(page, sql`agent_level, id`)));
    },
    /** Active agents of the scope by id, as the selectors show them (unknown, deleted and foreign ids left out). */
    async treeNodes(scope: ScopeRef, ids: readonly number[]): Promise<TreeNodeRow[]> {
      if (ids.length === 0) return [];
      const page = sql`select ${agents.id} as id, ${agents.agentName} as agent_name from ${agents}
        where ${and(inArray(agents.id, [...ids]), eq(agents.status, 'active'), inScope(scope, agents.id))}`;
      return treeRowsOf(await db.q().execute(treeRowsWithChildren(page))).rows;
    },
    /**
     * The agents between the caller and each of these agents: their ancestors strictly below the
     * caller, from the top down (the closure table by descendant, one query).
     */
    async treeAncestors(
      scope: ScopeRef,
      ids: readonly number[],
    ): Promise<Map<number, { id: number; agentName: string }[]>> {
      const out = new Map<number, { id: number; agentName: string }[]>();
      if (ids.length === 0) return out;
      const result = await db.q().execute(sql`
        select ${agentAncestry.descendantId} as descendant_id, ${agents.id} as id, ${agents.agentName} as agent_name
        from ${agentAncestry} join ${agents} on ${agents.id} = ${agentAncestry.ancestorId}
        where ${and(
          inArray(agentAncestry.descendantId, [...ids]),
          sql`${agentAncestry.depth} > 0`,
          ne(agentAncestry.ancestorId, scope.agentId),
          inScope(scope, agentAncestry.ancestorId),
        )}
        order by ${agentAncestry.descendantId}, ${agentAncestry.depth} desc`);
      for (const r of rowsOf(result)) {
        const row = AncestorRow.parse(r);
        const chain = out.get(row.descendant_id) ?? [];
        chain.push({ id: row.id, agentName: row.agent_name });
        out.set(row.descendant_id, chain);
      }
      return out;
    },
    async update(id: number, patch: AgentPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.q().update(agents).set(patch).where(eq(agents.id, id));
    },

    async phonesOf(userIds: readonly number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .q()
        .select({ id: accounts.id, phone: accounts.mobilePhone })
        .from(accounts)
        .where(inArray(accounts.id, [...userIds]));
      return new Map(rows.map((r) => [r.id, r.phone]));
    },

    /** The special game ratios of these agents, in the catalogue's order. */
    async gameRatios(agentIds: readonly number[]): Promise<GameRatioRow[]> {
      if (agentIds.length === 0) return [];
      return db
        .q()
        .select({
          agentId: agentGameRatios.agentId,
          gameId: agentGameRatios.gameId,
          gameName: games.name,
          profitRatio: agentGameRatios.profitRatio,
        })
        .from(agentGameRatios)
        .innerJoin(games, eq(games.id, agentGameRatios.gameId))
        .where(inArray(agentGameRatios.agentId, [...agentIds]))
        .orderBy(asc(agentGameRatios.agentId), asc(games.sortOrder), asc(games.id));
    },
    async replaceGameRatios(
      agentId: number,
      ratios: readonly { gameId: number; profitRatio: number }[],
    ): Promise<void> {
      await db.q().delete(agentGameRatios).where(eq(agentGameRatios.agentId, agentId));
      if (ratios.length > 0)
        await db
          .q()
          .insert(agentGameRatios)
          .values(ratios.map((r) => ({ agentId, ...r })));
    },
    async insertGameRatios(rows: readonly { agentId: number; gameId: number; profitRatio: number }[]) {
      if (rows.length > 0)
        await db
          .q()
          .insert(agentGameRatios)
          .values([...rows]);
    },

    /**
     * Writes a snapshot of these agents' ratios as they are now (base ratio and proportion, one row
     * per special game ratio) into the ratio history, valid from `validFrom` (null: each agent's
     * creation time, for the demo seeding), in one statement. Called in the transaction that
     * changed them: a share then uses the ratios an agent had when the order completed.
     */
    async recordRatios(agentIds: readonly number[], validFrom: Date | null): Promise<void> {
      if (agentIds.length === 0) return;
      const ids = sql.join(
        [...new Set(agentIds)].sort((a, b) => a - b).map((id) => sql`${id}::int`),
        sql`, `,
      );
      const from = validFrom ? sql`${validFrom.toISOString()}::timestamptz` : sql`a.created_at`;
      await db.q().execute(sql`
        with base as (
          insert into ${agentRatioHistory} (agent_id, game_id, base_id, profit_ratio, proportion, valid_from)
          select a.id, null, null, a.base_profit_ratio, a.proportion, ${from}
          from ${agents} a where a.id in (${ids}) order by a.id
          returning id, agent_id, valid_from
        )
        insert into ${agentRatioHistory} (agent_id, game_id, base_id, profit_ratio, proportion, valid_from)
        select g.agent_id, g.game_id, b.id, g.profit_ratio, null, b.valid_from
        from ${agentGameRatios} g join base b on b.agent_id = g.agent_id
        order by g.agent_id, g.game_id`);
    },

    /** Soft delete: the agent is marked deleted, its login disabled and its sessions removed. */
    async softDelete(agent: Pick<AgentRow, 'id' | 'userId'>): Promise<void> {
      await db.q().update(agents).set({ status: 'deleted' }).where(eq(agents.id, agent.id));
      await db.q().update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, agent.userId));
      await db.q().delete(sessions).where(eq(sessions.accountId, agent.userId));
    },

    /** Fresh planner statistics after a bulk insert (PGlite has no autovacuum to gather them). */
    async analyze(): Promise<void> {
      await db.q().execute(sql`analyze ${agents}, ${accounts}, ${agentGameRatios}, ${agentAncestry}`);
    },
    /**
     * After a bulk load, outside any transaction: fresh statistics and the visibility map, which
     * the lists' index-only scans need (PostgreSQL's autovacuum does the same a while later; PGlite
     * has no autovacuum).
     */
    async vacuumAnalyze(): Promise<void> {
      await db
        .q()
        .execute(sql`vacuum (analyze) ${agents}, ${accounts}, ${agentGameRatios}, ${agentAncestry}`);
    },

    /**
     * Demo seeding only: many accounts and their agents in two statements. The caller has checked
     * every rule (placement, unique phones) beforehand.
     */
    async insertAccountsAndAgents(
      rows: readonly { account: NewAccountRow; agent: Omit<NewAgentRow, 'userId'> }[],
    ): Promise<{ agent: AgentRow; mobilePhone: string }[]> {
      if (rows.length === 0) return [];
      const created = await db
        .q()
        .insert(accounts)
        .values(rows.map((r) => r.account))
        .returning({ id: accounts.id, phone: accounts.mobilePhone });
      const idOf = new Map(created.map((c) => [c.phone, c.id]));
      const phoneOf = new Map(created.map((c) => [c.id, c.phone]));
      const inserted = await db
        .q()
        .insert(agents)
        .values(
          rows.map((r) => {
            const userId = idOf.get(r.account.mobilePhone);
            if (userId === undefined) throw new Error(`no account for ${r.account.mobilePhone}`);
            return { ...r.agent, userId };
          }),
        )
        .returning();
      await addAncestry(inserted);
      return inserted.map((agent) => ({ agent, mobilePhone: phoneOf.get(agent.userId) ?? '' }));
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
