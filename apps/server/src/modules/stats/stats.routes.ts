import {
  AgentLevelLabels,
  exportSummaryStats,
  homeAppStatisticsCount,
  homeIndex,
  homeStatisticsCount,
  homeWebStatisticsCount,
  homeWorkbenchUpdateTime,
  isAllowed,
  querySummaryStatsChart,
  querySummaryStatsPage,
  type SummaryStatsRow,
  totalSummaryStats,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { type ExportColumn, mountExport } from '../../http/export';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import type { StatsService } from './stats.service';

/** The columns of the summary statistics' export, in the screen's order; amounts in yuan. */
export const SUMMARY_EXPORT_COLUMNS: readonly ExportColumn<SummaryStatsRow>[] = [
  { header: '日期', kind: 'text', width: 12, value: (r) => r.statTime },
  { header: '地区', kind: 'text', width: 24, value: (r) => r.areaName ?? '' },
  {
    header: '代理',
    kind: 'text',
    width: 20,
    value: (r) => (r.agentName === null ? '' : r.own ? `${r.agentName}（本级）` : r.agentName),
  },
  {
    header: '代理级别',
    kind: 'text',
    value: (r) =>
      r.agentLevel === null
        ? ''
        : ((AgentLevelLabels as Readonly<Record<number, string>>)[r.agentLevel] ?? String(r.agentLevel)),
  },
  { header: '新增玩家', kind: 'int', value: (r) => r.newPlayers },
  { header: '活跃玩家', kind: 'int', value: (r) => r.activePlayers },
  { header: '订单数', kind: 'int', value: (r) => r.orderCount },
  { header: '订单金额(元)', kind: 'yuan', value: (r) => r.orderAmountFen },
  { header: '支付订单', kind: 'int', value: (r) => r.paidCount },
  { header: '支付金额(元)', kind: 'yuan', value: (r) => r.paidAmountFen },
  { header: '完成订单', kind: 'int', value: (r) => r.completedCount },
  { header: '完成金额(元)', kind: 'yuan', value: (r) => r.completedAmountFen },
  { header: '退款订单', kind: 'int', value: (r) => r.refundCount },
  { header: '退款金额(元)', kind: 'yuan', value: (r) => r.refundAmountFen },
  { header: '有订单网吧', kind: 'int', value: (r) => r.activeNetBars },
  { header: '活跃设备', kind: 'int', value: (r) => r.devices },
  { header: '本级收益(元)', kind: 'yuan', value: (r) => r.earningsFen },
];

/**
 * The summary statistics (客户端数据统计, 网页汇总统计, APP汇总统计; paths of this product,
 * docs/contract.md) and the workbench's totals (spec section 7: /api/home/...).
 */
export const statsRoutes: FastifyPluginAsync<{ stats: StatsService; clock: Clock }> = async (
  app,
  { stats, clock },
) => {
  mount(app, querySummaryStatsPage, async (body, { auth }) => {
    const { items, total } = await stats.page(auth, body);
    return okPage(items, total);
  });
  mount(app, totalSummaryStats, async (body, { auth }) => ok(await stats.totals(auth, body)));
  mount(app, querySummaryStatsChart, async (body, { auth }) => ok(await stats.chart(auth, body)));
  mountExport(
    app,
    exportSummaryStats,
    {
      // Devices are net bar PCs: the web and APP summaries have none (as their screens show).
      columns: (query) =>
        query.sourceType === undefined
          ? SUMMARY_EXPORT_COLUMNS
          : SUMMARY_EXPORT_COLUMNS.filter((c) => c.header !== '活跃设备'),
      batches: (_scope, query, auth) => stats.exportBatches(auth, query),
    },
    clock,
  );
  mount(app, homeStatisticsCount, async (_body, { auth }) => ok(await stats.home(auth, undefined)));
  mount(app, homeWebStatisticsCount, async (_body, { auth }) => ok(await stats.home(auth, 2)));
  mount(app, homeAppStatisticsCount, async (_body, { auth }) => ok(await stats.home(auth, 3)));
  mount(app, homeWorkbenchUpdateTime, async () => ok({ updateTime: await stats.updateTime() }));
  // The four in one answer (the workbench entity of spec section 3); the APP figures only for an
  // agent who may see them, as /appStatisticsCount.
  mount(app, homeIndex, async (_body, { auth }) => {
    const seesApp = isAllowed(homeAppStatisticsCount.access.roles, auth.subject);
    const [totalStatsData, webTotalStatsData, appTotalStatsData, updateTime] = await Promise.all([
      stats.home(auth, undefined),
      stats.home(auth, 2),
      seesApp ? stats.home(auth, 3) : null,
      stats.updateTime(),
    ]);
    return ok({ totalStatsData, updateTime, webTotalStatsData, appTotalStatsData });
  });
};
