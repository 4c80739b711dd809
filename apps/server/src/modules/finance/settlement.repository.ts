import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { agents } from '../../db/schema/agents';
import {
  type AgentRatioHistoryRow,
  agentRatioHistory,
  financeSettleQueue,
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

    /** The allocations of an order, every generation, oldest first (the order detail's split). */
    async allocationsOf(orderId: number): Promise<ProfitAllocationRow[]> {
      return db
        .q()
        .select()
        .from(profitAllocations)
        .where(eq(profitAllocations.orderId, orderId))
        .orderBy(
          asc(profitAllocations.generation),
          asc(profitAllocations.agentLevel),
          asc(profitAllocations.part),
        );
    },
  };
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
