import type { SortOrder, WithdrawStage } from '@agent-console/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { contains, equals, within } from '../../db/filters';
import { inKeyOrder, type ListSource, pageOfKeys } from '../../db/list';
import { agents } from '../../db/schema/agents';
import { withdrawalAudit, withdrawals } from '../../db/schema/withdrawals';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalInsert = typeof withdrawals.$inferInsert;
export type WithdrawalAuditInsert = typeof withdrawalAudit.$inferInsert;

export interface WithdrawalFilters {
  /** The caller's own records only (its list); absent: every record (the operator's review). */
  agentId?: number | undefined;
  status?: number | undefined;
  stage?: WithdrawStage | undefined;
  agentName?: string | undefined;
  range: { from?: Date; to?: Date };
  orderBy: 'createTime' | 'amount';
  order: SortOrder;
}

const source = (f: WithdrawalFilters): ListSource => ({
  from: f.agentName
    ? sql`${withdrawals} join ${agents} on ${agents.id} = ${withdrawals.agentId}`
    : sql`${withdrawals}`,
  where: [
    equals(withdrawals.agentId, f.agentId),
    equals(withdrawals.status, f.status),
    equals(withdrawals.stage, f.stage),
    contains(agents.agentName, f.agentName),
    within(withdrawals.createdAt, f.range),
  ],
  key: withdrawals.id,
  sort: { column: f.orderBy === 'amount' ? withdrawals.amountFen : withdrawals.createdAt, order: f.order },
});

export function createWithdrawalsRepository(db: Database) {
  const reviewer = sql<
    string | null
  >`(select r.agent_name from ${agents} r where r.id = ${withdrawals.reviewerAgentId})`;
  const rowsByIds = (ids: number[]) =>
    db
      .q()
      .select({
        withdrawal: withdrawals,
        userId: agents.userId,
        agentName: agents.agentName,
        agentLevel: agents.agentLevel,
        reviewerName: reviewer,
      })
      .from(withdrawals)
      .innerJoin(agents, eq(agents.id, withdrawals.agentId))
      .where(inArray(withdrawals.id, ids));
  return {
    async insert(tx: Tx, row: WithdrawalInsert): Promise<WithdrawalRow> {
      const [created] = await tx.insert(withdrawals).values(row).returning();
      if (!created) throw new Error('insert into withdrawals returned no row');
      return created;
    },

    /**
     * Compare-and-set of the stage: moves the withdrawal from `from` to the patch's stage in one
     * UPDATE; null when it was not in `from` (another decision won, it does not exist, or it belongs
     * to another agent when `agentId` is given).
     */
    async transition(
      tx: Tx,
      id: number,
      from: WithdrawStage,
      patch: Partial<Omit<WithdrawalInsert, 'id' | 'agentId' | 'amountFen' | 'feeFen'>> & {
        stage: WithdrawStage;
        status: number;
      },
      agentId?: number,
    ): Promise<WithdrawalRow | null> {
      const [row] = await tx
        .update(withdrawals)
        .set(patch)
        .where(
          and(
            eq(withdrawals.id, id),
            eq(withdrawals.stage, from),
            agentId === undefined ? undefined : eq(withdrawals.agentId, agentId),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The adapter has taken the payout of an approved withdrawal (recorded once). */
    async recordPayout(id: number, adapter: string, ref: string | null, at: Date): Promise<void> {
      await db
        .q()
        .update(withdrawals)
        .set({ payoutAdapter: adapter, payoutRef: ref, payoutRecordedAt: at })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.stage, 'approved')));
    },

    async findById(id: number): Promise<WithdrawalRow | null> {
      const [row] = await db.q().select().from(withdrawals).where(eq(withdrawals.id, id));
      return row ?? null;
    },

    async audit(tx: Tx, row: WithdrawalAuditInsert): Promise<void> {
      await tx.insert(withdrawalAudit).values(row);
    },

    async auditOf(withdrawalId: number) {
      return db
        .q()
        .select({ entry: withdrawalAudit, actorName: agents.agentName })
        .from(withdrawalAudit)
        .innerJoin(agents, eq(agents.id, withdrawalAudit.actorAgentId))
        .where(eq(withdrawalAudit.withdrawalId, withdrawalId))
        .orderBy(asc(withdrawalAudit.id));
    },

    /** One page of withdrawals with their agents (the list pipeline, db/list.ts). */
    async page(filters: WithdrawalFilters, page: { pageNum: number; pageSize: number }) {
      const { keys, total } = await pageOfKeys(db.q(), source(filters), page);
      if (keys.length === 0) return { rows: [], total };
      const rows = await rowsByIds(keys);
      return { rows: inKeyOrder(keys, rows, (r) => r.withdrawal.id), total };
    },

    /** One withdrawal as the review list shows it. */
    async reviewRow(id: number) {
      const [row] = await rowsByIds([id]);
      return row ?? null;
    },
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
