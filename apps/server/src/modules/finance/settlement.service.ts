import type { ProfitShareLine } from '@agent-console/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { type AllocationLine, allocateOrder, type ChainRatios, RATIO_SCALE } from './allocation';
import type { FinanceService, LedgerEntryInput } from './finance.service';
import type {
  AgentRatioHistoryRow,
  NewAllocationRow,
  ProfitAllocationRow,
  SettlementRepository,
  SettleOrderRow,
} from './settlement.repository';

/** Statuses whose orders are settled (shares booked): completed, partially completed. */
export const SETTLED_STATUSES: ReadonlySet<number> = new Set([50, 52]);
/** Orders per settlement transaction. */
export const SETTLE_BATCH = 500;
/** How long an order whose reversal the balance cannot cover waits before it is tried again. */
export const DEFER_MS = 10 * 60_000;

export interface SettleLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface BatchResult {
  claimed: number;
  booked: number;
  reversed: number;
  deferred: number;
}

interface Snapshot {
  base: AgentRatioHistoryRow;
  games: Map<number, number>;
}

/**
 * The snapshots of one agent's ratio history, oldest first: a base row and its game rows. The
 * snapshot in force at `at` is the last one valid from `at` or before; an order completed before
 * the agent's first snapshot (history ingested after the fact) uses the first one.
 */
function snapshotsOf(rows: readonly AgentRatioHistoryRow[]): Snapshot[] {
  const list: Snapshot[] = [];
  const byBase = new Map<number, Snapshot>();
  for (const r of rows) {
    if (r.gameId === null) {
      const s = { base: r, games: new Map<number, number>() };
      list.push(s);
      byBase.set(r.id, s);
    }
  }
  for (const r of rows)
    if (r.gameId !== null && r.baseId !== null) byBase.get(r.baseId)?.games.set(r.gameId, r.profitRatio);
  return list;
}

function snapshotAt(list: readonly Snapshot[], at: Date): Snapshot | null {
  let found: Snapshot | null = null;
  for (const s of list) {
    if (s.base.validFrom.getTime() <= at.getTime()) found = s;
    else break;
  }
  if (found) return found;
  // Before the first: the last snapshot written at the first instant.
  const first = list[0];
  if (!first) return null;
  const t0 = first.base.validFrom.getTime();
  return list.filter((s) => s.base.validFrom.getTime() === t0).pop() ?? first;
}

const sameLines = (booked: readonly ProfitAllocationRow[], lines: readonly AllocationLine[]) => {
  if (booked.length !== lines.length) return false;
  const key = (x: { agentId: number; part: string; amountFen: number; ratio: number; partFen: number }) =>
    `${x.agentId}:${x.part}:${x.amountFen}:${x.ratio}:${x.partFen}`;
  const a = booked.map(key).sort();
  const b = lines.map(key).sort();
  return a.every((k, i) => k === b[i]);
};

/**
 * Settlement (issue 10 §1), off the ingestion path: the orders queued by the triggers on `orders`
 * are settled in batches, each one transaction: an order that reached 50/52 gets its allocations
 * (a new generation) and their `order_share` entries; one that left them (cancelled, disputed) or
 * whose amounts changed gets `share_reversal` entries for its booked generation. Idempotent and
 * safe with several processes (SKIP LOCKED on the queue, unique allocations and entries).
 */
export function createSettlementService(deps: {
  db: Database;
  repo: SettlementRepository;
  finance: Pick<FinanceService, 'post'>;
  clock: Clock;
  log?: SettleLog;
}) {
  const { db, repo, finance, clock } = deps;
  const log: SettleLog = deps.log ?? { warn: () => {} };

  /** Settles these claimed orders in the current transaction. */
  async function settle(tx: Parameters<FinanceService['post']>[0], ids: readonly number[]) {
    const now = clock();
    const result = { booked: 0, reversed: 0 };
    const [orderRows, states, booked] = [
      await repo.orders(tx, ids),
      await repo.settlements(tx, ids),
      await repo.bookedAllocations(tx, ids),
    ];
    const stateOf = new Map(states.map((s) => [s.orderId, s]));
    const bookedOf = new Map<number, ProfitAllocationRow[]>();
    for (const a of booked) bookedOf.set(a.orderId, [...(bookedOf.get(a.orderId) ?? []), a]);

    const settledOrders = orderRows.filter((o) => SETTLED_STATUSES.has(o.status));
    const agentIds = [...new Set(settledOrders.flatMap((o) => o.agentChain))];
    const [agentRows, historyRows] = [await repo.agents(tx, agentIds), await repo.history(tx, agentIds)];
    const agentOf = new Map(agentRows.map((a) => [a.id, a]));
    const historyOf = new Map<number, AgentRatioHistoryRow[]>();
    for (const h of historyRows) historyOf.set(h.agentId, [...(historyOf.get(h.agentId) ?? []), h]);
    const snapshots = new Map([...historyOf].map(([id, rows]) => [id, snapshotsOf(rows)]));

    const chainOf = (o: SettleOrderRow): ChainRatios[] => {
      const at = o.completedAt ?? o.statusAt;
      return o.agentChain.map((agentId) => {
        const agent = agentOf.get(agentId);
        if (!agent) throw new Error(`order ${o.id}: agent ${agentId} of its chain is missing`);
        const snap = snapshotAt(snapshots.get(agentId) ?? [], at);
        // No history at all (an agent inserted around the service): its ratios as they are now.
        const ratio = snap ? (snap.games.get(o.gameId) ?? snap.base.profitRatio) : agent.baseProfitRatio;
        const proportion = snap ? (snap.base.proportion ?? 0) : agent.proportion;
        return {
          agentId,
          agentLevel: agent.agentLevel,
          ratio,
          proportion,
          priceAddRange: agent.priceAddRange,
        };
      });
    };

    const entries: LedgerEntryInput[] = [];
    const newAllocations: NewAllocationRow[] = [];
    const saved: { orderId: number; generation: number; booked: boolean; updatedAt: Date }[] = [];
    for (const o of orderRows) {
      const state = stateOf.get(o.id);
      const current = state?.booked ? (bookedOf.get(o.id) ?? []) : null;
      const lines = SETTLED_STATUSES.has(o.status) ? allocateOrder(o, chainOf(o)) : null;
      if (current && lines && sameLines(current, lines)) continue;
      let generation = state?.generation ?? 0;
      let isBooked = state?.booked ?? false;
      if (current) {
        for (const a of current) {
          if (a.amountFen > 0)
            entries.push({
              agentId: a.agentId,
              kind: 'share_reversal',
              availableDeltaFen: -a.amountFen,
              frozenDeltaFen: 0,
              orderId: o.id,
              allocationId: a.id,
            });
        }
        isBooked = false;
        result.reversed++;
      }
      if (lines) {
        generation++;
        for (const l of lines) newAllocations.push({ orderId: o.id, generation, ...l, createdAt: now });
        isBooked = true;
        result.booked++;
      }
      if (state || lines) saved.push({ orderId: o.id, generation, booked: isBooked, updatedAt: now });
    }
    const inserted = await repo.insertAllocations(tx, newAllocations);
    for (const a of inserted) {
      if (a.amountFen > 0)
        entries.push({
          agentId: a.agentId,
          kind: 'order_share',
          availableDeltaFen: a.amountFen,
          frozenDeltaFen: 0,
          orderId: a.orderId,
          allocationId: a.id,
        });
    }
    // Reversals first (in `entries` order): an agent's balance never dips below zero in between.
    await finance.post(tx, entries);
    await repo.saveSettlements(tx, saved);
    await repo.dequeue(tx, ids);
    return result;
  }

  const service = {
    /**
     * Settles one batch of queued orders in one transaction. When a reversal cannot be covered
     * (the agent withdrew the money: 4005), the batch is settled order by order instead and such
     * an order stays queued, tried again after `DEFER_MS`.
     */
    async settleBatch(limit = SETTLE_BATCH): Promise<BatchResult> {
      const out: BatchResult = { claimed: 0, booked: 0, reversed: 0, deferred: 0 };
      let claimedIds: number[] = [];
      try {
        await db.transaction(async (tx) => {
          claimedIds = await repo.claim(tx, limit, clock());
          out.claimed = claimedIds.length;
          if (claimedIds.length === 0) return;
          const r = await settle(tx, claimedIds);
          out.booked = r.booked;
          out.reversed = r.reversed;
        });
        return out;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      // One by one: each order its own transaction (claimed again: another settler may have it).
      const total: BatchResult = { claimed: 0, booked: 0, reversed: 0, deferred: 0 };
      for (const id of claimedIds) {
        const r = await service.settleOne(id);
        total.claimed += r.claimed;
        total.booked += r.booked;
        total.reversed += r.reversed;
        total.deferred += r.deferred;
      }
      return total;
    },

    /** Settles one queued order in its own transaction (the fallback of a batch). */
    async settleOne(id: number): Promise<BatchResult> {
      try {
        return await db.transaction(async (tx) => {
          const claimed = await repo.claimOne(tx, id, clock());
          if (!claimed) return { claimed: 0, booked: 0, reversed: 0, deferred: 0 };
          const r = await settle(tx, [id]);
          return { claimed: 1, ...r, deferred: 0 };
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await repo.defer(id, new Date(clock().getTime() + DEFER_MS), err.message);
        log.warn(
          { orderId: id, code: err.code },
          'settlement deferred: the balance does not cover a reversal',
        );
        return { claimed: 1, booked: 0, reversed: 0, deferred: 1 };
      }
    },

    /**
     * Settles batches of `limit` orders until nothing due is queued; answers the sums. `between`
     * runs between two batches (the worker's pause) and stops the drain when it answers false.
     */
    async drain(options: { limit?: number; between?: () => Promise<boolean> } = {}): Promise<BatchResult> {
      const total: BatchResult = { claimed: 0, booked: 0, reversed: 0, deferred: 0 };
      for (;;) {
        const r = await service.settleBatch(options.limit ?? SETTLE_BATCH);
        total.claimed += r.claimed;
        total.booked += r.booked;
        total.reversed += r.reversed;
        total.deferred += r.deferred;
        if (r.claimed === 0) return total;
        if (options.between && !(await options.between())) return total;
      }
    },

    queued: () => repo.queued(),

    /**
     * The split of an order (分润明细) as the caller may see it: its own and its descendants'
     * lines (on the order's chain: the agents at its level or deeper), never its ancestors'; the
     * level 0 operator sees every line. The order was checked to be in the caller's scope.
     */
    async splitOf(scope: { agentLevel: number }, orderId: number): Promise<ProfitShareLine[]> {
      const rows = await repo.splitOf(orderId, scope.agentLevel);
      return rows.map((r) => ({ ...r, ratio: r.ratio / RATIO_SCALE }));
    },
  };
  return service;
}

export type SettlementService = ReturnType<typeof createSettlementService>;
