import {
  AGENT_TREE_ROOT_ID,
  type ListQueryOf,
  type MemberFinanceItem,
  type MemberFinanceTotals,
  maskPhone,
  type memberFinanceList,
} from '@agent-console/contract';
import type { Clock } from '../../shared/clock';
import { chinaRange, formatChinaTime } from '../../shared/time';
import type { Scope } from '../agents/scope';
import type { MemberFinanceFilters, MemberFinanceRow, MembersRepository } from './members.repository';

type Query = ListQueryOf<typeof memberFinanceList>;

/** The default range of the income figure: the last 30 China days, today included. */
const DEFAULT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const itemOf = (r: MemberFinanceRow): MemberFinanceItem => ({ ...r, mobilePhone: maskPhone(r.mobilePhone) });

/**
 * 财务管理 › 成员财务 (docs/domain.md "Member finance"): the money of the caller's subtree, the
 * caller included, with each member's income in a range (default the last 30 days).
 */
export function createMembersService(deps: { repo: MembersRepository; clock: Clock }) {
  const { repo, clock } = deps;

  function filters(scope: Scope, query: Query): MemberFinanceFilters {
    const now = clock();
    const today = formatChinaTime(now).slice(0, 10);
    const first = formatChinaTime(new Date(now.getTime() - (DEFAULT_DAYS - 1) * DAY_MS)).slice(0, 10);
    const range = chinaRange(query.startTime ?? `${first} 00:00:00`, query.endTime ?? `${today} 23:59:59`);
    const { pid } = query;
    return {
      agentName: query.agentName || undefined,
      mobilePhone: query.mobilePhone || undefined,
      agentLevel: query.agentLevel,
      // The root (全部) and the caller itself mean the whole scope; any other node was checked to be the caller's.
      under: pid === undefined || pid === AGENT_TREE_ROOT_ID || pid === scope.agentId ? undefined : pid,
      // The end second is included whole (entries are stored with milliseconds).
      range: { from: range.from as Date, to: new Date((range.to as Date).getTime() + 999) },
      sort: { field: query.orderBy ?? 'agentId', order: query.order ?? 'asc' },
    };
  }

  return {
    async list(scope: Scope, query: Query & { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.page(scope, filters(scope, query), query);
      return { items: rows.map(itemOf), total };
    },
    totals: (scope: Scope, query: Query): Promise<MemberFinanceTotals> =>
      repo.totals(scope, filters(scope, query)),
    async *exportBatches(scope: Scope, query: Query): AsyncGenerator<MemberFinanceItem[]> {
      for await (const rows of repo.batches(scope, filters(scope, query))) yield rows.map(itemOf);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
