import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Database, rowsOf } from '../../db/client';
import { accounts, type NewAccountRow } from '../../db/schema/accounts';
import { type AgentRow, agents, type NewAgentRow } from '../../db/schema/agents';
import { agentGameRatios, games } from '../../db/schema/games';
import { sessions } from '../../db/schema/sessions';
import { subtreeIds } from '../../http/scope';

const SubtreeRow = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  agent_name: z.string(),
});
export interface SubtreeAgent {
  id: number;
  parentId: number;
  agentName: string;
}

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
  total: number;
}

export type AgentPatch = Partial<
  Omit<NewAgentRow, 'id' | 'userId' | 'parentId' | 'agentLevel' | 'createdAt' | 'status'>
>;

const parent = alias(agents, 'parent');

export function createAgentsRepository(db: Database) {
  return {
    async insert(row: NewAgentRow): Promise<AgentRow> {
      const [created] = await db.q().insert(agents).values(row).returning();
      if (!created) throw new Error('insert into agents returned no row');
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
    /** Every active agent below `rootId` (not the root itself), ordered by id. */
    async descendants(rootId: number): Promise<SubtreeAgent[]> {
      // The walk collects ids only and the rows are read by id: a plan that stays fast even before
      // the table has statistics (PGlite runs no autovacuum).
      const result = await db.q().execute(sql`
        select id, parent_id, agent_name from ${agents}
        where status = 'active' and id <> ${rootId} and id in ${subtreeIds(rootId)}
        order by id`);
      return rowsOf(result).map((r) => {
        const row = SubtreeRow.parse(r);
        return { id: row.id, parentId: row.parent_id, agentName: row.agent_name };
      });
    },
    async update(id: number, patch: AgentPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.q().update(agents).set(patch).where(eq(agents.id, id));
    },

    /** One page of active agents matching `where`, newest first, with the count of all matches. */
    async page(where: SQL, limit: number, offset: number): Promise<AgentPageRow[]> {
      const rows = await db
        .q()
        .select({
          agent: agents,
          mobilePhone: accounts.mobilePhone,
          parentName: parent.agentName,
          subAgentCount: sql<number>`(select count(*) from ${agents} c where c.parent_id = ${agents.id} and c.status = 'active')::int`,
          total: sql<number>`(count(*) over())::int`,
        })
        .from(agents)
        .innerJoin(accounts, eq(accounts.id, agents.userId))
        .leftJoin(parent, eq(parent.id, agents.parentId))
        .where(and(eq(agents.status, 'active'), where))
        .orderBy(desc(agents.createdAt), desc(agents.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...r, subAgentCount: Number(r.subAgentCount), total: Number(r.total) }));
    },
    async count(where: SQL): Promise<number> {
      const [row] = await db
        .q()
        .select({ n: sql<number>`count(*)::int` })
        .from(agents)
        .innerJoin(accounts, eq(accounts.id, agents.userId))
        .where(and(eq(agents.status, 'active'), where));
      return Number(row?.n ?? 0);
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

    /** Soft delete: the agent is marked deleted, its login disabled and its sessions removed. */
    async softDelete(agent: Pick<AgentRow, 'id' | 'userId'>): Promise<void> {
      await db.q().update(agents).set({ status: 'deleted' }).where(eq(agents.id, agent.id));
      await db.q().update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, agent.userId));
      await db.q().delete(sessions).where(eq(sessions.accountId, agent.userId));
    },

    /** Fresh planner statistics after a bulk insert (PGlite has no autovacuum to gather them). */
    async analyze(): Promise<void> {
      await db.q().execute(sql`analyze ${agents}, ${accounts}, ${agentGameRatios}`);
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
      return inserted.map((agent) => ({ agent, mobilePhone: phoneOf.get(agent.userId) ?? '' }));
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
