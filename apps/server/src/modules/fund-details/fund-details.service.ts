import {
  type AmountDetailTotal,
  Codes,
  type FundDetailItem,
  FundDetailMessages,
  type fundDetailList,
  LEDGER_KIND_VALUES,
  type ListQueryOf,
} from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import { chinaRange, formatChinaTime } from '../../shared/time';
import type { AgentsService } from '../agents/agents.service';
import type { Scope } from '../agents/scope';
import type { FundDetailFilters, FundDetailRow, FundDetailsRepository } from './fund-details.repository';

type Query = ListQueryOf<typeof fundDetailList>;
type Page = { pageNum: number; pageSize: number };

/**
 * 资金明细: the ledger entries a caller may read, with totals and export. The reach (decided here,
 * docs/domain.md#fund-details-资金明细): every agent reads its own entries; the entries of its
 * subtree's members only with the member menu (`hasMemberFinanceMenu`) or as the level 0 operator.
 * The ids of `agentIds` were checked to be the caller's subtree before (the contract's `owns`).
 */
export function createFundDetailsService(deps: {
  repo: FundDetailsRepository;
  agents: Pick<AgentsService, 'findActiveByIds'>;
}) {
  const { repo, agents } = deps;

  /** Whether the caller may read its members' entries: the flag as it is now, not as the session began. */
  async function seesMembers(scope: Scope): Promise<boolean> {
    if (scope.wholeTree) return true;
    const [me] = await agents.findActiveByIds([scope.agentId]);
    return me?.hasMemberFinanceMenu === true;
  }

  async function filtersOf(scope: Scope, q: Query): Promise<FundDetailFilters> {
    const ids = [...new Set(q.agentIds ?? [])];
    const range = chinaRange(q.startTime, q.endTime);
    let owners: FundDetailFilters['owners'];
    if (ids.length === 0 || ids.every((id) => id === scope.agentId && !scope.wholeTree)) {
      // The caller's own entries; a member-menu holder naming itself means its whole subtree.
      owners =
        ids.length > 0 && (await seesMembers(scope))
          ? { kind: 'subtrees', nodeIds: ids }
          : { kind: 'agent', agentId: scope.agentId };
    } else if (!(await seesMembers(scope))) {
      throw new AppError(Codes.FORBIDDEN, FundDetailMessages.membersDenied);
    } else if (scope.wholeTree && ids.includes(scope.agentId)) {
      owners = { kind: 'all' };
    } else {
      owners = { kind: 'subtrees', nodeIds: ids };
    }
    return {
      owners,
      // A range's end is a whole second: it runs to the end of that second (times keep milliseconds).
      range: { ...range, ...(range.to ? { to: new Date(range.to.getTime() + 999) } : {}) },
      kinds: q.kinds,
      orderNo: q.orderNo || undefined,
      order: q.order ?? 'desc',
    };
  }

  const item = (r: FundDetailRow): FundDetailItem => ({
    id: r.entry.id,
    createTime: formatChinaTime(r.entry.createdAt),
    agentId: r.entry.agentId,
    agentName: r.agentName,
    agentLevel: r.agentLevel,
    kind: r.entry.kind,
    availableChangeFen: r.entry.availableDeltaFen,
    frozenChangeFen: r.entry.frozenDeltaFen,
    availableAfterFen: r.entry.availableAfterFen,
    frozenAfterFen: r.entry.frozenAfterFen,
    orderId: r.entry.orderId,
    orderNo: r.orderNo,
    withdrawalId: r.entry.withdrawalId,
    deviceSettlementId: r.entry.deviceSettlementId,
    reason: r.entry.reason,
  });

  return {
    /** details/query: a page of the entries, newest first by default. */
    async page(scope: Scope, q: Query & Page): Promise<{ items: FundDetailItem[]; total: number }> {
      const { rows, total } = await repo.page(await filtersOf(scope, q), q);
      return { items: rows.map(item), total };
    },

    /** `/api/finance/details`: amountDetailTotal over the whole filtered set. */
    async totals(scope: Scope, q: Query): Promise<AmountDetailTotal> {
      const figures = await repo.totals(await filtersOf(scope, q));
      const byKind = LEDGER_KIND_VALUES.flatMap((kind) => {
        const f = figures.find((x) => x.kind === kind);
        return f
          ? [{ kind, count: f.count, availableChangeFen: f.availableFen, frozenChangeFen: f.frozenFen }]
          : [];
      });
      const sum = (pick: (f: (typeof figures)[number]) => number) => figures.reduce((s, f) => s + pick(f), 0);
      const incomeFen = sum((f) => f.incomeFen);
      const expenseFen = sum((f) => f.expenseFen);
      return {
        count: sum((f) => f.count),
        incomeFen,
        expenseFen,
        netFen: incomeFen - expenseFen,
        frozenNetFen: sum((f) => f.frozenFen),
        byKind,
      };
    },

    /** details/export: every filtered entry, a batch at a time. */
    async *exportBatches(scope: Scope, q: Query): AsyncGenerator<FundDetailItem[]> {
      const filters = await filtersOf(scope, q);
      for await (const rows of repo.batches(filters)) yield rows.map(item);
    },
  };
}

export type FundDetailsService = ReturnType<typeof createFundDetailsService>;
