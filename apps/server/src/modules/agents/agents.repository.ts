import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowsOf } from '../../db/client';
import { type AgentRow, agents, type NewAgentRow } from '../../db/schema/agents';

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
    async findByUserId(userId: number): Promise<AgentRow | null> {
      const [row] = await db.q().select().from(agents).where(eq(agents.userId, userId));
      return row ?? null;
    },
    async findOperator(): Promise<AgentRow | null> {
      const [row] = await db.q().select().from(agents).where(eq(agents.agentLevel, 0));
      return row ?? null;
    },
    /** Every agent below `rootId` (not the root itself), ordered by id. */
    async descendants(rootId: number): Promise<SubtreeAgent[]> {
      const result = await db.q().execute(sql`
        with recursive tree as (
          select id, parent_id, agent_name from ${agents} where parent_id = ${rootId}
          union all
          select a.id, a.parent_id, a.agent_name from ${agents} a join tree t on a.parent_id = t.id
        )
        select id, parent_id, agent_name from tree order by id`);
      return rowsOf(result).map((r) => {
        const row = SubtreeRow.parse(r);
        return { id: row.id, parentId: row.parent_id, agentName: row.agent_name };
      });
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
