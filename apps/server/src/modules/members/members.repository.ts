import type { SortOrder } from '@agent-console/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { contains, endsWith, equals } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, pageOf } from '../../db/list';
import { accounts } from '../../db/schema/accounts';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import { agents } from '../../db/schema/agents';
import {
  financeAccounts,
  INCOME_KINDS,
  ledgerAgentDays,
  ledgerEntries,
  ledgerIncomeDays,
  ledgerNodeDays,
} from '../../db/schema/finance';
import { inScope, inSubtreeOf, type ScopeRef, treeRoots } from '../../db/scoping';
import { chinaWholeDays } from '../../shared/time';

export type MemberSortField =
  | 'agentId'
  | 'available'
  | 'frozen'
  | 'totalWithdrawn'
  | 'totalIncome'
  | 'rangeIncome';

/** The member finance list's filters, validated by the service. */
export interface MemberFinanceFilters {
  agentName?: string | undefined;
  mobilePhone?: string | undefined;
  agentLevel?: number | undefined;
  /** A node of the tree: its subtree only (undefined: the whole scope). */
  under?: number | undefined;
  /** The range of the income figure, both ends included to the millisecond. */
  range: { from: Date; to: Date };
  sort: { field: MemberSortField; order: SortOrder };
}

export interface MemberFinanceRow {
  agentId: number;
  agentName: string;
  agentLevel: number;
  mobilePhone: string;
  available: number;
  frozen: number;
  totalWithdrawn: number;
  totalIncome: number;
  rangeIncome: number;
}

const f = financeAccounts;
const ACCOUNT_SORT: Record<Exclude<MemberSortField, 'agentId' | 'rangeIncome'>, SQL> = {
  available: sql`coalesce(${f.availableFen}, 0)`,
  frozen: sql`coalesce(${f.frozenFen}, 0)`,
  totalWithdrawn: sql`coalesce(${f.totalWithdrawnFen}, 0)`,
  totalIncome: sql`coalesce(${f.totalIncomeFen}, 0)`,
};

const kinds = sql.join(
  INCOME_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * The running total of the agent of the query's `agents` row at the end of `day`: its latest row
 * of `ledger_income_days` at or before the day (an index probe), null when it has none.
 */
const latestTotal = (day: SQL) =>
  sql`(select p.income_to_date_fen from ${ledgerIncomeDays} p
    where p.agent_id = ${agents.id} and p.day <= ${day} order by p.day desc limit 1)`;

/** Whether the filters leave whole subtrees' active agents (no name, phone or level filter). */
const wholeSubtrees = (q: MemberFinanceFilters) =>
  !q.agentName && !q.mobilePhone && q.agentLevel === undefined;

/** The base rows without a computed sort column (counts and totals need no order). */
const UNSORTED: MemberFinanceFilters['sort'] = { field: 'agentId', order: 'asc' };

export function createMembersRepository(db: Database) {
  /**
   * The income of the agents `who` selects in the parts of days at the range's ends, as rows
   * `(agent_id, income)` to sum, from the ledger entries themselves (an index range of hours per
   * agent).
   */
  function edgeIncomeRows(range: MemberFinanceFilters['range'], who: (column: AnyColumn) => SQL): SQL {
    const e = ledgerEntries;
    const parts = chinaWholeDays(range).edges.map(
      (edge) => sql`select ${e.agentId} as agent_id, ${e.availableDeltaFen} as income from ${e}
        where ${who(e.agentId)} and ${e.createdAt} >= ${edge.from.toISOString()}
          and ${e.createdAt} < ${edge.until.toISOString()} and ${e.kind} in (${kinds})`,
    );
    if (parts.length === 0) return sql`select null::int as agent_id, 0::bigint as income where false`;
    return sql.join(parts, sql` union all `);
  }

  /**
   * The income in the range of each agent of a query over `agents`: the joins to add after
   * `agents` and the value. The whole China days of the range are the difference of two running
   * totals (`ledger_income_days`: the total at the end of the range's last day, less the total at
   * the end of the day before its first; each the agent's row of that day, one index range of
   * `(day, agent_id)` for every agent once the day opener has carried the totals into it, else its
   * latest row before, looked up only then); the parts of days at its ends are summed from the
   * entries of the agents `who` selects (`edgeIncomeRows`).
   */
  function rangeIncome(
    range: MemberFinanceFilters['range'],
    who: (column: AnyColumn) => SQL,
  ): { joins: SQL[]; value: SQL } {
    const { days, edges } = chinaWholeDays(range);
    const joins: SQL[] = [];
    const terms: SQL[] = [];
    if (days) {
      const i = ledgerIncomeDays;
      /** The agent's running total at the end of `day`: its row of the day (`at`), else its latest before. */
      const totalAt = (at: string, day: SQL) =>
        sql`coalesce(${sql.raw(at)}.income_to_date_fen, ${latestTotal(day)}, 0)`;
      const last = sql`${days.last}::date`;
      const before = sql`${days.first}::date - 1`;
      joins.push(
        sql`left join ${i} hi on hi.agent_id = ${agents.id} and hi.day = ${last}`,
        sql`left join ${i} lo on lo.agent_id = ${agents.id} and lo.day = ${before}`,
      );
      terms.push(sql`${totalAt('hi', last)} - ${totalAt('lo', before)}`);
    }
    if (edges.length > 0) {
      joins.push(sql`left join (select agent_id, sum(income)::bigint as income from (${edgeIncomeRows(range, who)}) x
        group by agent_id) edge on edge.agent_id = ${agents.id}`);
      terms.push(sql`coalesce(edge.income, 0)`);
    }
    return { joins, value: terms.length > 0 ? sql`(${sql.join(terms, sql` + `)})` : sql`0` };
  }

  /**
   * The income in the range of the active agents of whole subtrees (the caller's, or the node
   * filtered on; the roots' for the operator), as rows `(agent_id, income)` to sum: the whole days
   * from `ledger_node_days` (days × kinds rows, whatever the subtree's size), less the days of its
   * agents that are not active (not members of the list; usually none), and the parts of days at
   * the range's ends from the entries of the members (`members`, `edgeIncomeRows`).
   */
  function subtreeIncomeRows(scope: ScopeRef, q: MemberFinanceFilters, members: (c: AnyColumn) => SQL): SQL {
    const { days } = chinaWholeDays(q.range);
    const n = ledgerNodeDays;
    const d = ledgerAgentDays;
    const nodes =
      q.under !== undefined ? sql`(${q.under})` : scope.wholeTree ? treeRoots() : sql`(${scope.agentId})`;
    const nodeArray =
      scope.wholeTree && q.under === undefined
        ? sql`array${treeRoots()}`
        : sql`array[${q.under ?? scope.agentId}]::int[]`;
    const parts: SQL[] = [];
    if (days) {
      const inRange = (r: typeof n | typeof d) =>
        sql`${r.day} between ${days.first} and ${days.last} and ${r.kind} in (${kinds})`;
      parts.push(sql`select null::int as agent_id, ${n.availableFen} as income from ${n}
        where ${n.nodeId} in ${nodes} and ${inRange(n)}`);
      // The inactive agents (few: `agents_inactive_idx`), each checked for membership by its own
      // ancestry rows; the subtree's nodes as an array, so the check is a probe of the index.
      const x = agentAncestry;
      parts.push(sql`select ${d.agentId} as agent_id, -${d.availableFen} as income from ${d}
        where ${d.agentId} in (select ${agents.id} from ${agents} where ${agents.status} <> 'active'
          and exists (select 1 from ${x} where ${x.descendantId} = ${agents.id}
            and ${x.ancestorId} = any(${nodeArray}))) and ${inRange(d)}`);
    }
    return sql.join([...parts, edgeIncomeRows(q.range, members)], sql` union all `);
  }

  /**
   * The same income as `rangeIncome`, for a few rows (a page's): a value without joins, each
   * running total an index probe of the agent's latest row and the parts of days a sum of its own
   * entries of those hours, so the page's statement has fewer relations to plan.
   */
  function rangeIncomeOfRow(range: MemberFinanceFilters['range']): SQL {
    const { days, edges } = chinaWholeDays(range);
    const terms: SQL[] = [];
    if (days) {
      const totalAt = (day: SQL) => sql`coalesce(${latestTotal(day)}, 0)`;
      terms.push(sql`${totalAt(sql`${days.last}::date`)} - ${totalAt(sql`${days.first}::date - 1`)}`);
    }
    const e = ledgerEntries;
    for (const edge of edges)
      terms.push(sql`(select coalesce(sum(${e.availableDeltaFen}), 0) from ${e} where ${e.agentId} = ${agents.id}
        and ${e.createdAt} >= ${edge.from.toISOString()} and ${e.createdAt} < ${edge.until.toISOString()}
        and ${e.kind} in (${kinds}))`);
    return terms.length > 0 ? sql`(${sql.join(terms, sql` + `)})` : sql`0`;
  }

  /** The list's base rows: active agents of the scope (the caller included) with their account. */
  function listSource(scope: ScopeRef, q: MemberFinanceFilters): ListSource {
    const joins: SQL[] = [sql`${agents}`, sql`left join ${f} on ${f.agentId} = ${agents.id}`];
    if (q.mobilePhone) joins.push(sql`join ${accounts} on ${accounts.id} = ${agents.userId}`);
    let column: AnyColumn | SQL = agents.id;
    if (q.sort.field === 'rangeIncome') {
      // Sorting by the range's income needs it for every agent of the scope: two rows of running
      // totals per agent (two index ranges of a day each, hash-joined), not a sum of its days.
      const reach = (c: AnyColumn) =>
        and(inScope(scope, c), q.under === undefined ? undefined : inSubtreeOf(q.under, c)) ?? sql`true`;
      const income = rangeIncome(q.range, reach);
      joins.push(...income.joins);
      column = income.value;
    } else if (q.sort.field !== 'agentId') column = ACCOUNT_SORT[q.sort.field];
    return {
      from: sql.join(joins, sql` `),
      where: [
        eq(agents.status, 'active'),
        inScope(scope, agents.id),
        q.under === undefined ? undefined : inSubtreeOf(q.under, agents.id),
        contains(agents.agentName, q.agentName),
        endsWith(accounts.mobilePhone, q.mobilePhone),
        equals(agents.agentLevel, q.agentLevel),
      ],
      key: agents.id,
      sort: { column, order: q.sort.order },
    };
  }

  /**
   * The list's rows of the agents `keys` selects (a subquery or a list of ids), with their range
   * income, in one statement; `order` and `total` when a page reads them (`pageOf`).
   */
  async function displayRows(
    q: MemberFinanceFilters,
    keys: SQL,
    { order, total }: { order?: SQL; total?: SQL } = {},
  ): Promise<(MemberFinanceRow & { total: number })[]> {
    // Sorted by the range's income, the page's order is the value computed here (the same figure
    // the keys were sorted by, read per row).
    const dir = sql.raw(q.sort.order === 'desc' ? 'desc' : 'asc');
    const sorted =
      order && q.sort.field === 'rangeIncome' ? sql`range_income ${dir}, agent_id ${dir}` : order;
    const rows = rowsOf(
      await db.q().execute(sql`select ${agents.id} as agent_id, ${agents.agentName} as agent_name,
          ${agents.agentLevel} as agent_level, ${accounts.mobilePhone} as mobile_phone,
          coalesce(${f.availableFen}, 0) as available, coalesce(${f.frozenFen}, 0) as frozen,
          coalesce(${f.totalWithdrawnFen}, 0) as withdrawn, coalesce(${f.totalIncomeFen}, 0) as income,
          ${rangeIncomeOfRow(q.range)} as range_income, ${total ?? sql`0`} as total
        from ${agents} join ${accounts} on ${accounts.id} = ${agents.userId}
          left join ${f} on ${f.agentId} = ${agents.id}
        where ${agents.id} in ${keys}${sorted ? sql` order by ${sorted}` : sql``}`),
    );
    return rows.map((r) => ({
      agentId: Number(r.agent_id),
      agentName: String(r.agent_name),
      agentLevel: Number(r.agent_level),
      mobilePhone: String(r.mobile_phone),
      available: Number(r.available),
      frozen: Number(r.frozen),
      totalWithdrawn: Number(r.withdrawn),
      totalIncome: Number(r.income),
      rangeIncome: Number(r.range_income),
      total: Number(r.total),
    }));
  }

  async function rowsByKeys(keys: readonly number[], q: MemberFinanceFilters): Promise<MemberFinanceRow[]> {
    if (keys.length === 0) return [];
    const rows = await displayRows(
      q,
      sql`(${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    return inKeyOrder(
      keys,
      rows.map(({ total: _, ...r }) => r),
      (r) => r.agentId,
    );
  }

  return {
    async page(scope: ScopeRef, q: MemberFinanceFilters, page: { pageNum: number; pageSize: number }) {
      // Counted without the sort's income join (the same rows): the count reads no income.
      const src = listSource(scope, q);
      if (q.sort.field === 'rangeIncome')
        src.count = sql`(select count(*) ${filtered(listSource(scope, { ...q, sort: UNSORTED }))})`;
      // Not prepared: one text serves every subtree's size, and its generic plan cost level 1
      // twice what a plan for its values does (docs/benchmarks.md).
      const { rows, total } = await pageOf(
        db.q(),
        src,
        page,
        (p) => displayRows(q, p.keys, { order: p.order, total: p.total }),
        { prepared: false },
      );
      return { rows: rows.map(({ total: _, ...r }) => r), total };
    },
    async *batches(scope: ScopeRef, q: MemberFinanceFilters): AsyncGenerator<MemberFinanceRow[]> {
      for await (const keys of keyBatches(db.q(), listSource(scope, q))) yield await rowsByKeys(keys, q);
    },
    /** The sums of the whole filtered set: its accounts, and its income in the range. */
    async totals(scope: ScopeRef, q: MemberFinanceFilters) {
      // The totals need no order: the base rows without the sort's income join.
      const src = listSource(scope, { ...q, sort: UNSORTED });
      const [sums] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n,
          coalesce(sum(${f.availableFen}), 0)::bigint as available,
          coalesce(sum(${f.frozenFen}), 0)::bigint as frozen,
          coalesce(sum(${f.totalWithdrawnFen}), 0)::bigint as withdrawn,
          coalesce(sum(${f.totalIncomeFen}), 0)::bigint as income
          ${filtered(src)}`),
      );
      const members = (c: AnyColumn) => sql`${c} in (select ${agents.id} ${filtered(src)})`;
      const income = rangeIncome(q.range, members);
      const [range] = rowsOf(
        await db.q().execute(
          wholeSubtrees(q)
            ? sql`select coalesce(sum(income), 0)::bigint as income from (${subtreeIncomeRows(scope, q, members)}) x`
            : sql`select coalesce(sum(${income.value}), 0)::bigint as income
                from ${agents} ${sql.join(income.joins, sql` `)} where ${members(agents.id)}`,
        ),
      );
      return {
        memberCount: Number(sums?.n ?? 0),
        available: Number(sums?.available ?? 0),
        frozen: Number(sums?.frozen ?? 0),
        totalWithdrawn: Number(sums?.withdrawn ?? 0),
        totalIncome: Number(sums?.income ?? 0),
        rangeIncome: Number(range?.income ?? 0),
      };
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
