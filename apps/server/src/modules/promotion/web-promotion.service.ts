import {
  AGENT_TREE_ROOT_ID,
  type ListQueryOf,
  type WebNetBarItem,
  type WebNetBarTotals,
  type WebPromotionConfig,
  type webNetBarList,
} from '@agent-console/contract';
import type { Clock } from '../../shared/clock';
import { chinaRange, formatChinaTime } from '../../shared/time';
import { notFound, type Scope } from '../agents/scope';
import type { WebNetBarFilters, WebNetBarRow, WebPromotionRepository } from './web-promotion.repository';

type ListQuery = ListQueryOf<typeof webNetBarList>;

const itemOf = (r: WebNetBarRow): WebNetBarItem => ({
  netBarId: r.bar.id,
  barUserId: r.bar.barUserId,
  netBarName: r.bar.name,
  address: r.bar.address,
  areaKey: `${r.bar.provinceCode}-${r.bar.cityCode}-${r.bar.districtCode}`,
  agentId: r.bar.agentId,
  agentName: r.agentName,
  terminalCount: r.bar.terminalCount,
  status: r.bar.status,
  userCount: r.userCount,
  orderCount: r.orderCount,
  orderAmount: r.orderAmountFen,
  createTime: formatChinaTime(r.bar.createdAt),
});

/**
 * Web promotion (/web-mgt): the net bars of the caller's subtree with their players and orders in
 * a range (default today, China time), the caller's promotion domain, a bar's platform user id.
 */
export function createWebPromotionService(deps: { repo: WebPromotionRepository; clock: Clock }) {
  const { repo, clock } = deps;

  async function filters(scope: Scope, query: ListQuery): Promise<WebNetBarFilters> {
    const { pid } = query;
    let under: Scope | undefined;
    if (pid !== undefined && pid !== AGENT_TREE_ROOT_ID && pid !== scope.agentId) {
      const level = await repo.agentLevelOf(pid);
      if (level === null) throw notFound('agent');
      under = { agentId: pid, agentLevel: level, wholeTree: level === 0 };
    }
    const today = formatChinaTime(clock()).slice(0, 10);
    const range = chinaRange(query.startTime ?? `${today} 00:00:00`, query.endTime ?? `${today} 23:59:59`);
    return {
      netBarName: query.netBarName || undefined,
      under,
      terminal: query.terminal,
      // The end second is included whole (times are stored with milliseconds).
      range: { from: range.from as Date, to: new Date((range.to as Date).getTime() + 999) },
      sort: { field: query.orderBy ?? 'createTime', order: query.order ?? 'desc' },
    };
  }

  return {
    async list(scope: Scope, query: ListQuery & { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.page(scope, await filters(scope, query), query);
      return { items: rows.map(itemOf), total };
    },
    async totals(scope: Scope, query: ListQuery): Promise<WebNetBarTotals> {
      const t = await repo.totals(scope, await filters(scope, query));
      return {
        netBarCount: t.netBarCount,
        userCount: t.userCount,
        orderCount: t.orderCount,
        orderAmount: t.orderAmountFen,
      };
    },
    async *exportBatches(scope: Scope, query: ListQuery): AsyncGenerator<WebNetBarItem[]> {
      for await (const rows of repo.batches(scope, await filters(scope, query))) yield rows.map(itemOf);
    },
    async config(scope: Scope): Promise<WebPromotionConfig> {
      const row = await repo.config(scope.agentId);
      return { domain: row?.domain ?? null, updateTime: row ? formatChinaTime(row.updatedAt) : null };
    },
    async setConfig(scope: Scope, domain: string): Promise<WebPromotionConfig> {
      const row = await repo.setConfig(scope.agentId, domain, clock());
      return { domain: row.domain, updateTime: formatChinaTime(row.updatedAt) };
    },
    /** `/promotion/get/bar/userid`: the platform's user id of a bar (of the caller's subtree: checked by the route). */
    async barUserId(netBarId: number): Promise<{ netBarId: number; barUserId: number }> {
      const bar = await repo.netBarById(netBarId);
      if (!bar) throw notFound('netBar');
      return { netBarId: bar.id, barUserId: bar.barUserId };
    },
  };
}

export type WebPromotionService = ReturnType<typeof createWebPromotionService>;
