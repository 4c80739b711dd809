import * as z from 'zod/mini';
import { SIGNED_IN, signedInWith } from './access';
import { EmptyRequest, endpoint } from './endpoint';
import { defineList, exportEndpoint, FilterTime, listEndpoint, totalsEndpoint } from './list';
import { Fen } from './money';
import { ROUTE_ROLES } from './roles';
import { Id } from './validators';

/**
 * 客户端数据统计 (/summary-stats), 网页汇总统计 (/web-summary-stats), APP汇总统计
 * (/APP-summary-stats) and the workbench's totals (spec sections 1, 3, 7; issue 11): the business
 * of the caller's subtree by day or month, over areas, sub-agents and channels, read from rollups
 * kept by a catch-up step (never from the orders at request time). Each measure is defined in
 * docs/domain.md#summary-statistics-issue-11; the paths the spec does not show are in
 * docs/contract.md.
 */

/** The spec's sourceType: 2 the web summary, 3 the APP summary; absent: every terminal (客户端数据统计). */
export const SUMMARY_SOURCE_TYPES = [2, 3] as const;
export type SummarySourceType = (typeof SUMMARY_SOURCE_TYPES)[number];

/**
 * Terminal classes (spec section 4's terminal types): web is PC web, mobile web and WeChat (0, 1,
 * 6); APP is Android and iOS (2, 3); the rest (4 PC client, 5 API) is the net bar client. A row of
 * the rollups holds one class; sourceType absent reads them all.
 */
export const TERMINAL_CLASSES = { client: 1, web: 2, app: 3 } as const;
export const TERMINAL_CLASS_OF_TYPE: Readonly<Record<number, number>> = {
  0: 2,
  1: 2,
  2: 3,
  3: 3,
  4: 1,
  5: 1,
  6: 2,
};
/** The class a sourceType reads (absent: all). */
export const CLASS_OF_SOURCE_TYPE: Readonly<Record<SummarySourceType, number>> = { 2: 2, 3: 3 };

/** '10' a row per day (default), '20' a row per month (its range aligned to whole months). */
export const SUMMARY_TIME_TYPES = ['10', '20'] as const;
export type SummaryTimeType = (typeof SUMMARY_TIME_TYPES)[number];

/** The area dimension: a row per province, city or district (区县, the spec's regionId) of the net bars. */
export const AREA_DIMENSIONS = ['province', 'city', 'region'] as const;
export type AreaDimension = (typeof AREA_DIMENSIONS)[number];
export const AreaDimensionLabels: Readonly<Record<AreaDimension, string>> = {
  province: '省份',
  city: '城市',
  region: '区县',
};

export const SummaryMessages = {
  range: '开始时间不能晚于结束时间',
  tooLong: '统计范围最长为3年',
} as const;

/** The longest range a query may span, in days (three years: 36 month rows, 1,096 day rows). */
export const SUMMARY_MAX_DAYS = 1_096;
/** At most this many agents in one `agentIds` filter. */
export const SUMMARY_MAX_AGENTS = 200;

/** A region code (GB/T 2260, six digits) of the region tree. */
const RegionCode = z.int().check(z.minimum(100_000, '地区不存在'), z.maximum(999_999, '地区不存在'));
const count = () => z.int().check(z.nonnegative());

/** The measures of a row, of the summary (summaryData) and of the workbench's totals. Amounts in fen. */
export const SummaryFigures = z.object({
  /** Players registered in the period (by their registration channel's net bar and terminal). */
  newPlayers: count(),
  /** Players with an order created in the period, each once per period (see docs/domain.md). */
  activePlayers: count(),
  /** Orders created in the period, any status. */
  orderCount: count(),
  /** Their amount, any status. */
  orderAmountFen: Fen,
  /** Of those, the ones paid (30, 40, 50, 52, 70) and their amount. */
  paidCount: count(),
  paidAmountFen: Fen,
  /** Of those, the ones completed (50, 52) and their amount. */
  completedCount: count(),
  completedAmountFen: Fen,
  /** Of those, the ones paid and then cancelled (60 with a payment time): refunded. */
  refundCount: count(),
  refundAmountFen: Fen,
  /** Net bars with an order created in the period, each once per period. */
  activeNetBars: count(),
  /** Devices active at least 60 minutes on a day of the period (the valid-device day rule). */
  devices: count(),
  /** The caller's own profit shares of the period's orders (reversals deducted). */
  earningsFen: Fen,
});
export type SummaryFigures = z.infer<typeof SummaryFigures>;

/** Every figure 0: a period or a group without records. */
export const ZERO_SUMMARY_FIGURES: Readonly<SummaryFigures> = Object.freeze({
  newPlayers: 0,
  activePlayers: 0,
  orderCount: 0,
  orderAmountFen: 0,
  paidCount: 0,
  paidAmountFen: 0,
  completedCount: 0,
  completedAmountFen: 0,
  refundCount: 0,
  refundAmountFen: 0,
  activeNetBars: 0,
  devices: 0,
  earningsFen: 0,
});

/** A row: a day ("YYYY-MM-DD") or month ("YYYY-MM"), and the group the dimensions ask for. */
export const SummaryStatsRow = z.object({
  statTime: z.string(),
  /** With areaDimension: the region code and its name (0 and "未知地区" for records without a net bar). */
  areaId: z.nullable(z.int()),
  areaName: z.nullable(z.string()),
  /** With agentDimension: the sub-agent whose subtree the row holds, or the scope's own agent (本级). */
  agentId: z.nullable(z.int()),
  agentName: z.nullable(z.string()),
  agentLevel: z.nullable(z.int()),
  /** True on the row of the scope agent's own net bars (本级), not a sub-agent's subtree. */
  own: z.boolean(),
  ...SummaryFigures.shape,
});
export type SummaryStatsRow = z.infer<typeof SummaryStatsRow>;

export const summaryStatsList = defineList({
  filters: {
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
    timeType: z.optional(z.enum(SUMMARY_TIME_TYPES)),
    provinceId: z.optional(RegionCode),
    cityId: z.optional(RegionCode),
    regionId: z.optional(RegionCode),
    channelId: z.optional(Id),
    /** Nodes of the agent tree: their subtrees (a node inside another's counted once). Absent or empty: the caller's. */
    agentIds: z.optional(
      z.array(Id).check(z.maxLength(SUMMARY_MAX_AGENTS, `最多选择${SUMMARY_MAX_AGENTS}个代理`)),
    ),
    areaDimension: z.optional(z.enum(AREA_DIMENSIONS)),
    agentDimension: z.optional(z.boolean()),
    sourceType: z.optional(z.union(SUMMARY_SOURCE_TYPES.map((t) => z.literal(t)))),
  },
  row: SummaryStatsRow,
  sort: ['statTime'],
  defaultSort: { field: 'statTime', order: 'desc' },
  // Rows are groups of the caller's own scope, not records of one agent.
  owner: null,
  owns: { channelId: 'channel', agentIds: 'agent' },
});
export type SummaryStatsQuery = z.input<typeof summaryStatsList.query>;

/** statsList: a page of the rows, by period (newest first unless `order` says), then area or agent. */
export const querySummaryStatsPage = listEndpoint({
  path: '/api/stats/summary/queryPage',
  list: summaryStatsList,
  access: SIGNED_IN,
});

/** summaryData and updateTime: the figures of the whole range, and when the rollups were last brought up to date. */
export const SummaryStatsTotals = z.object({
  summaryData: SummaryFigures,
  /** China time; null before the first catch-up. */
  updateTime: z.nullable(z.string()),
});
export type SummaryStatsTotals = z.infer<typeof SummaryStatsTotals>;

export const totalSummaryStats = totalsEndpoint({
  path: '/api/stats/summary/total',
  list: summaryStatsList,
  totals: SummaryStatsTotals,
  access: SIGNED_IN,
});

export const exportSummaryStats = exportEndpoint({
  path: '/api/stats/summary/export',
  list: summaryStatsList,
  access: SIGNED_IN,
  fileName: '汇总统计',
});

/** The charts of a query: every period of the range (the trend) and every group of the chosen dimension (the split). */
export const SummaryTrendPoint = z.object({ statTime: z.string(), ...SummaryFigures.shape });
export const SummarySplitPart = z.object({
  /** The region code, or the agent id (the scope's own agent for 本级). */
  id: z.int(),
  name: z.string(),
  own: z.boolean(),
  ...SummaryFigures.shape,
});
export const SummaryStatsChart = z.object({
  /** Oldest first, one point per day or month of the range (periods without figures hold zeros). */
  trend: z.array(SummaryTrendPoint),
  /** By the chosen dimension (area first when both are chosen), largest paid amount first; empty without one. */
  split: z.array(SummarySplitPart),
});
export type SummaryStatsChart = z.infer<typeof SummaryStatsChart>;

export const querySummaryStatsChart = totalsEndpoint({
  path: '/api/stats/summary/chart',
  list: summaryStatsList,
  totals: SummaryStatsChart,
  access: SIGNED_IN,
});

// ---- the workbench (spec section 7: /api/home/...) ----

/** A workbench total: today, yesterday, this month (China time) and the last 30 days by day. */
export const HomeStats = z.object({
  today: SummaryFigures,
  yesterday: SummaryFigures,
  thisMonth: SummaryFigures,
  /** The last 30 days to today, oldest first, for the card's small trend. */
  trend: z.array(SummaryTrendPoint),
});
export type HomeStats = z.infer<typeof HomeStats>;

/** totalStatsData: every terminal (客户端数据统计's figures). */
export const homeStatisticsCount = endpoint({
  path: '/api/home/statisticsCount',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: HomeStats,
});

/** webTotalStatsData: the web terminals. */
export const homeWebStatisticsCount = endpoint({
  path: '/api/home/webStatisticsCount',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: HomeStats,
});

/** appTotalStatsData: the APP terminals (visible with xuanhaoApp, as /APP-summary-stats). */
export const homeAppStatisticsCount = endpoint({
  path: '/api/home/appStatisticsCount',
  access: signedInWith(ROUTE_ROLES['/APP-summary-stats']),
  request: EmptyRequest,
  object: HomeStats,
});

/** The update time of the workbench's figures (China time; null before the first catch-up). */
export const homeWorkbenchUpdateTime = endpoint({
  path: '/api/home/workbenchUpdateTime',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: z.object({ updateTime: z.nullable(z.string()) }),
});

/**
 * The workbench entity of spec section 3 in one answer (`/api/home/index`, spec section 7): the
 * four totals the workbench also asks for one by one. The server puts this answer into the page it
 * sends for `/` (boot.ts), so that a cold load of the workbench draws its totals without a call.
 */
export const HomeIndex = z.object({
  totalStatsData: HomeStats,
  /** As `/api/home/workbenchUpdateTime`. */
  updateTime: z.nullable(z.string()),
  webTotalStatsData: HomeStats,
  /** null for an agent without xuanhaoApp (who may not see the APP figures). */
  appTotalStatsData: z.nullable(HomeStats),
});
export type HomeIndex = z.infer<typeof HomeIndex>;

export const homeIndex = endpoint({
  path: '/api/home/index',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: HomeIndex,
});
