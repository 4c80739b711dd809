import type { LedgerKindCode, SortOrder } from '@agent-console/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { within } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, pageOfKeys } from '../../db/list';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import { agents } from '../../db/schema/agents';
import { type LedgerEntryRow, ledgerAgentDays, ledgerEntries, ledgerNodeDays } from '../../db/schema/finance';
import { orders } from '../../db/schema/orders';
import { treeRoots } from '../../db/scoping';
import { chinaDayOf } from '../../shared/time';

/**
 * Whose entries a query reads, already decided by the service from the caller's reach: one
 * agent's own, the subtrees of some nodes, or (the operator over its whole tree) every entry.
 */
export type FundDetailOwners =
  | { kind: 'agent'; agentId: number }
  | { kind: 'subtrees'; nodeIds: readonly number[] }
  | { kind: 'all' };

/** The filters of 资金明细, checked by the service. */
export interface FundDetailFilters {
  owners: FundDetailOwners;
  range: { from?: Date; to?: Date };
  kinds?: readonly LedgerKindCode[] | undefined;
  orderNo?: string | undefined;
  order: SortOrder;
}

/** An entry with what the list shows beside it. */
export interface FundDetailRow {
  entry: LedgerEntryRow;
  agentName: string;
  agentLevel: number;
  orderNo: string | null;
}

export interface FundDetailKindFigures {
  kind: LedgerKindCode;
  count: number;
  availableFen: number;
  frozenFen: number;
  incomeFen: number;
  expenseFen: number;
}

/** The owners with a subtree's agents read (their ids): what a query of the entries filters on. */
type ResolvedOwners =
  | Exclude<FundDetailOwners, { kind: 'subtrees' }>
  | { kind: 'members'; agentIds: readonly number[] };

/**
 * The tree nodes whose subtrees hold exactly the owners' entries, without overlap (a subquery of
 * agent ids): the roots for every entry; else the named nodes that no other named node is above.
 */
const nodesOf = (o: Exclude<FundDetailOwners, { kind: 'agent' }>): SQL => {
  if (o.kind === 'all') return treeRoots();
  const named = [...o.nodeIds];
  const x = agentAncestry;
  return sql`(select ${agents.id} from ${agents} where ${inArray(agents.id, named)} and not exists (
    select 1 from ${x} where ${x.descendantId} = ${agents.id} and ${x.depth} > 0 and ${inArray(x.ancestorId, named)}))`;
};

/**
 * Whether the rollup answers the filters: no order number (the rollup keeps none), and a range of
 * whole China days or none; its days then, both included.
 */
function rollupDays(
  f: FundDetailFilters,
): { fromDay?: string | undefined; toDay?: string | undefined } | null {
  if (f.orderNo !== undefined) return null;
  const from = f.range.from ? chinaDayOf(f.range.from) : null;
  const to = f.range.to ? chinaDayOf(f.range.to) : null;
  if ((from && !from.start) || (to && !to.end)) return null;
  return { fromDay: from?.day, toDay: to?.day };
}

const figuresOf = (r: Record<string, unknown>): FundDetailKindFigures => ({
  kind: String(r.kind) as LedgerKindCode,
  count: Number(r.n),
  availableFen: Number(r.available),
  frozenFen: Number(r.frozen),
  incomeFen: Number(r.income),
  expenseFen: Number(r.expense),
});

/**
 * Up to how many agents a subtree's page is read as a merge of the agents' own index ranges
 * (`ListSource.partitions`) rather than a walk of the time index: a small subtree holds a small
 * share of the entries, and the walk to a deep page passes every other agent's entries on the way
 * (level 2's page 201 of 5 million entries: 142,000 index entries). The merge's cost grows with the
 * agents (each range is opened), the walk's with the share of the entries the subtree does not
 * hold; docs/benchmarks.md#bench-ledger measures both.
 */
export const MERGE_MAX_AGENTS = 64;

/** 资金明细: the ledger's entries on the list pipeline (page, totals, export), newest first. */
export function createFundDetailsRepository(
  db: Database,
  { mergeMaxAgents = MERGE_MAX_AGENTS }: { mergeMaxAgents?: number } = {},
) {
  /**
   * The entries of the owners: every entry; an agent's own (an index range of
   * `(agent_id, created_at, id)`); a few agents' as partitions, a page merging their ranges; more
   * agents' as one array parameter, which PostgreSQL plans as a constant and checks each entry
   * walked past against a hash of it (level 1's 281 agents, page 201: 1.1 ms; the same agents as
   * `array(subquery)`, checked by a linear search, 5.6 ms).
   */
  function source(f: FundDetailFilters, owners: ResolvedOwners): ListSource {
    const e = ledgerEntries;
    const few = owners.kind === 'members' && owners.agentIds.length <= mergeMaxAgents;
    return {
      from: sql`${e}`,
      ...(few ? { partitions: { column: e.agentId, values: owners.agentIds } } : {}),
      where: [
        owners.kind === 'agent' ? eq(e.agentId, owners.agentId) : undefined,
        owners.kind === 'members' && !few
          ? sql`${e.agentId} = any(${sql.param([...owners.agentIds])}::int[])`
          : undefined,
        within(ledgerEntries.createdAt, f.range),
        f.kinds && f.kinds.length > 0 ? inArray(ledgerEntries.kind, [...f.kinds]) : undefined,
        f.orderNo === undefined
          ? undefined
          : sql`${ledgerEntries.orderId} in (select ${orders.id} from ${orders} where ${orders.orderNo} = ${f.orderNo})`,
      ],
      key: ledgerEntries.id,
      sort: { column: ledgerEntries.createdAt, order: f.order },
    };
  }

  /** The owners with the agents of subtrees read (nodes may overlap: each agent once). */
  async function resolve(o: FundDetailOwners): Promise<ResolvedOwners> {
    if (o.kind !== 'subtrees') return o;
    const x = agentAncestry;
    const rows = await db
      .q()
      .selectDistinct({ id: x.descendantId })
      .from(x)
      .where(inArray(x.ancestorId, [...o.nodeIds]));
    return { kind: 'members', agentIds: rows.map((r) => r.id) };
  }

  async function rowsByKeys(keys: readonly number[]): Promise<FundDetailRow[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .q()
      .select({
        entry: ledgerEntries,
        agentName: agents.agentName,
        agentLevel: agents.agentLevel,
        orderNo: orders.orderNo,
      })
      .from(ledgerEntries)
      .innerJoin(agents, eq(agents.id, ledgerEntries.agentId))
      .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(inArray(ledgerEntries.id, [...keys]));
    return inKeyOrder(keys, rows, (r) => r.entry.id);
  }

  /**
   * The figures per kind read from the rollups (whole days): an agent's own rows of
   * `ledger_agent_days`, or the rows of `ledger_node_days` of the nodes whose subtrees the owners
   * name: the topmost of the named nodes (a node under another named one is in its subtree
   * already, so the subtrees summed never overlap), or the roots for every entry.
   */
  async function rollupFigures(
    f: FundDetailFilters,
    days: { fromDay?: string | undefined; toDay?: string | undefined },
  ): Promise<FundDetailKindFigures[]> {
    const o = f.owners;
    const r = o.kind === 'agent' ? ledgerAgentDays : ledgerNodeDays;
    const where = and(
      o.kind === 'agent'
        ? eq(ledgerAgentDays.agentId, o.agentId)
        : inArray(ledgerNodeDays.nodeId, nodesOf(o)),
      days.fromDay === undefined ? undefined : sql`${r.day} >= ${days.fromDay}`,
      days.toDay === undefined ? undefined : sql`${r.day} <= ${days.toDay}`,
      f.kinds && f.kinds.length > 0 ? inArray(r.kind, [...f.kinds]) : undefined,
    );
    const rows = rowsOf(
      await db.q().execute(sql`
        select ${r.kind} as kind, coalesce(sum(${r.entryCount}), 0)::bigint as n,
          coalesce(sum(${r.availableFen}), 0)::bigint as available,
          coalesce(sum(${r.frozenFen}), 0)::bigint as frozen,
          coalesce(sum(${r.availableInFen}), 0)::bigint as income,
          coalesce(sum(${r.availableOutFen}), 0)::bigint as expense
        from ${r} where ${where ?? sql`true`}
        group by ${r.kind}`),
    );
    return rows.map(figuresOf).filter((k) => k.count > 0);
  }

  return {
    /** One page of the filtered entries and the count of all of them (from the rollup when it answers). */
    async page(f: FundDetailFilters, page: { pageNum: number; pageSize: number }) {
      const days = rollupDays(f);
      const known = days ? (await rollupFigures(f, days)).reduce((n, k) => n + k.count, 0) : undefined;
      const src = source(f, await resolve(f.owners));
      const { keys, total } = await pageOfKeys(
        db.q(),
        known === undefined ? src : { ...src, count: sql`${known}::int` },
        page,
      );
      return { rows: await rowsByKeys(keys), total };
    },

    /**
     * The figures of the whole filtered set, per kind (kinds without entries are left out): from
     * the rollup when it answers the filters, else from the entries.
     */
    async totals(f: FundDetailFilters): Promise<FundDetailKindFigures[]> {
      const days = rollupDays(f);
      if (days) return rollupFigures(f, days);
      const e = ledgerEntries;
      const rows = rowsOf(
        await db.q().execute(sql`
          select ${e.kind} as kind, count(*)::bigint as n,
            coalesce(sum(${e.availableDeltaFen}), 0)::bigint as available,
            coalesce(sum(${e.frozenDeltaFen}), 0)::bigint as frozen,
            coalesce(sum(${e.availableDeltaFen}) filter (where ${e.availableDeltaFen} > 0), 0)::bigint as income,
            coalesce(-sum(${e.availableDeltaFen}) filter (where ${e.availableDeltaFen} < 0), 0)::bigint as expense
          ${filtered(source(f, await resolve(f.owners)))}
          group by ${e.kind}`),
      );
      return rows.map(figuresOf);
    },

    /** The whole filtered set in the list's order, a batch at a time (keyset, constant memory). */
    async *batches(f: FundDetailFilters): AsyncGenerator<FundDetailRow[]> {
      const src = source(f, await resolve(f.owners));
      for await (const keys of keyBatches(db.q(), src)) yield await rowsByKeys(keys);
    },
  };
}

export type FundDetailsRepository = ReturnType<typeof createFundDetailsRepository>;
