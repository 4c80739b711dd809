import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/client';
import { agents } from '../../db/schema/agents';
import {
  type AgentRatioHistoryRow,
  agentRatioHistory,
  financeSettleQueue,
  ledgerEntries,
  orderSettlements,
  type ProfitAllocationRow,
  profitAllocations,
} from '../../db/schema/finance';
import { orders } from '../../db/schema/orders';

export type { AgentRatioHistoryRow, ProfitAllocationRow };
export type NewAllocationRow = typeof profitAllocations.$inferInsert;

export interface SettleOrderRow {
  id: number;
  status: number;
  gameId: number;
  amountFen: number;
  priceIncreaseFen: number;
  agentChain: number[];
  completedAt: Date | null;
  statusAt: Date;
}

export function createSettlementRepository(db: Database) {
  return {
    /**
     * Takes up to `limit` queued orders that are due, by id, locking their queue rows until the
     * transaction ends; rows another settler holds are skipped (SKIP LOCKED), so several
     * processes never work on one order at once.
     */
    async claim(tx: Tx, limit: number, now: Date): Promise<number[]> {
      const rows = await tx
        .select({ orderId: financeSettleQueue.orderId })
        .from(financeSettleQueue)
        .where(or(isNull(financeSettleQueue.notBefore), lte(financeSettleQueue.notBefore, now)))
        .orderBy(asc(financeSettleQueue.orderId))
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((r) => r.orderId);
    },

    /** Takes one queued order if it is due and nobody holds it. */
    async claimOne(tx: Tx, orderId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .select({ orderId: financeSettleQueue.orderId })
        .from(financeSettleQueue)
        .where(
          and(
            eq(financeSettleQueue.orderId, orderId),
            or(isNull(financeSettleQueue.notBefore), lte(financeSettleQueue.notBefore, now)),
          ),
        )
        .for('update', { skipLocked: true });
      return rows.length > 0;
    },

    async orders(tx: Tx, ids: readonly number[]): Promise<SettleOrderRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: orders.id,
          status: orders.status,
          gameId: orders.gameId,
          amountFen: orders.amountFen,
          priceIncreaseFen: orders.priceIncreaseFen,
          agentChain: orders.agentChain,
          completedAt: orders.completedAt,
          statusAt: orders.statusAt,
        })
        .from(orders)
        .where(inArray(orders.id, [...ids]));
    },

    /** The orders' settlement state (none: never booked). */
    async settlements(tx: Tx, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(orderSettlements)
        .where(inArray(orderSettlements.orderId, [...ids]));
    },

    /** The allocations of the orders' booked generation. */
    async bookedAllocations(tx: Tx, ids: readonly number[]): Promise<ProfitAllocationRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ a: profitAllocations })
        .from(profitAllocations)
        .innerJoin(
          orderSettlements,
          and(
            eq(orderSettlements.orderId, profitAllocations.orderId),
            eq(orderSettlements.generation, profitAllocations.generation),
            eq(orderSettlements.booked, true),
          ),
        )
        .where(inArray(profitAllocations.orderId, [...ids]))
        .orderBy(asc(profitAllocations.id))
        .then((rows) => rows.map((r) => r.a));
    },

    async agents(tx: Tx, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: agents.id,
          agentLevel: agents.agentLevel,
          priceAddRange: agents.hasPriceAddRangeFlag,
          baseProfitRatio: agents.baseProfitRatio,
          proportion: agents.proportion,
        })
        .from(agents)
        .where(inArray(agents.id, [...ids]));
    },

    /** Every ratio snapshot of these agents, oldest first. */
    async history(tx: Tx, agentIds: readonly number[]): Promise<AgentRatioHistoryRow[]> {
      if (agentIds.length === 0) return [];
      return tx
        .select()
        .from(agentRatioHistory)
        .where(inArray(agentRatioHistory.agentId, [...agentIds]))
        .orderBy(asc(agentRatioHistory.agentId), asc(agentRatioHistory.validFrom), asc(agentRatioHistory.id));
    },

    /** One statement; answers the rows with their ids. */
    async insertAllocations(tx: Tx, rows: readonly NewAllocationRow[]): Promise<ProfitAllocationRow[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(profitAllocations)
        .values([...rows])
        .returning();
    },

    async saveSettlements(
      tx: Tx,
      rows: readonly { orderId: number; generation: number; booked: boolean; updatedAt: Date }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await tx
        .insert(orderSettlements)
        .values([...rows].sort((a, b) => a.orderId - b.orderId))
        .onConflictDoUpdate({
          target: orderSettlements.orderId,
          set: {
            generation: sql`excluded.generation`,
            booked: sql`excluded.booked`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    async dequeue(tx: Tx, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await tx.delete(financeSettleQueue).where(inArray(financeSettleQueue.orderId, [...ids]));
    },

    /** Leaves an order queued, not tried again before `notBefore`, with why. */
    async defer(id: number, notBefore: Date, error: string): Promise<void> {
      await db
        .q()
        .update(financeSettleQueue)
        .set({ notBefore, lastError: error, attempts: sql`${financeSettleQueue.attempts} + 1` })
        .where(eq(financeSettleQueue.orderId, id));
    },

    /** How many orders wait (the start's log, tests). */
    async queued(): Promise<number> {
      const [row] = await db.q().select({ n: sql<number>`count(*)::int` }).from(financeSettleQueue);
      return row?.n ?? 0;
    },

    /**
     * The allocations of an order of agents at `minLevel` or deeper (on the order's chain: the
     * caller and its descendants), every generation, with the agent's name and whether a reversal
     * took the line back; by generation, part, level.
     */
    async splitOf(orderId: number, minLevel: number) {
      const rows = rowsOf(
        await db.q().execute(sql`
          select a.agent_id, g.agent_name, a.agent_level, a.part, a.ratio, a.part_fen, a.amount_fen, a.generation,
            exists (select 1 from ${ledgerEntries} e where e.allocation_id = a.id and e.kind = 'share_reversal') as reversed
          from ${profitAllocations} a join ${agents} g on g.id = a.agent_id
          where a.order_id = ${orderId} and a.agent_level >= ${minLevel}
          order by a.generation, a.part, a.agent_level`),
      );
      return rows.map((r) => ({
        agentId: Number(r.agent_id),
        agentName: String(r.agent_name),
        agentLevel: Number(r.agent_level),
        part: String(r.part) as ProfitAllocationRow['part'],
        ratio: Number(r.ratio),
        partFen: Number(r.part_fen),
        amountFen: Number(r.amount_fen),
        generation: Number(r.generation),
        reversed: r.reversed === true || r.reversed === 't',
      }));
    },
  };
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
