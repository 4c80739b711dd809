import {
  CLASS_OF_SOURCE_TYPE,
  Codes,
  type HomeStats,
  isAllowed,
  type ListQueryOf,
  ROUTE_ROLES,
  SUMMARY_MAX_DAYS,
  type SummaryFigures,
  SummaryMessages,
  type SummarySourceType,
  type SummaryStatsChart,
  type SummaryStatsRow,
  type SummaryStatsTotals,
  type summaryStatsList,
  ZERO_SUMMARY_FIGURES,
} from '@agent-console/contract';
import type { Database } from '../../db/client';
import { lockKeys } from '../../db/locks';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { chinaRange, formatChinaTime, nextChinaDay } from '../../shared/time';
import { scopeOf } from '../agents/scope';
import type { Regions } from '../regions/region-tree';
import type {
  FiguresRow,
  Grain,
  GroupRow,
  StatsGroups,
  StatsRepository,
  StatsWhere,
} from './stats.repository';

type Query = ListQueryOf<typeof summaryStatsList>;
type Caller = Pick<AuthContext, 'agentId' | 'subject'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const chinaDay = (d: Date) => formatChinaTime(d).slice(0, 10);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const instantOf = (day: string) => new Date(`${day}T00:00:00+08:00`);
const daysBetween = (a: string, b: string) =>
  Math.round((instantOf(b).getTime() - instantOf(a).getTime()) / DAY_MS);

const figuresOf = (r: FiguresRow | undefined): SummaryFigures =>
  r ? { ...ZERO_SUMMARY_FIGURES, ...pickFigures(r) } : ZERO_SUMMARY_FIGURES;
function pickFigures(r: FiguresRow): SummaryFigures {
  const { newPlayers, activePlayers, orderCount, orderAmountFen, paidCount, paidAmountFen } = r;
  const {
    completedCount,
    completedAmountFen,
    refundCount,
    refundAmountFen,
    activeNetBars,
    devices,
    earningsFen,
  } = r;
  return {
    newPlayers,
    activePlayers,
    orderCount,
    orderAmountFen,
    paidCount,
    paidAmountFen,
    completedCount,
    completedAmountFen,
    refundCount,
    refundAmountFen,
    activeNetBars,
    devices,
    earningsFen,
  };
}

/** A period's label: "YYYY-MM-DD" for a day, "YYYY-MM" for a month. */
const labelOf = (grain: Grain, period: string) => (grain === 1 ? period : period.slice(0, 7));

/** What a query reads, once checked: the rollup's restriction and the groups the dimensions ask for. */
interface Resolved {
  where: StatsWhere;
  groups: StatsGroups;
  /** The channel's own area and agent, when a channel is the source (its rows carry neither). */
  channel?: { areaId: number | null; agentId: number | null; own: boolean } | undefined;
  /** No record can match (a channel outside the area or agents asked for). */
  empty: boolean;
}

/**
 * 客户端数据统计, 网页汇总统计, APP汇总统计 and the workbench's totals (issue 11), and the catch-up
 * that keeps their rollups (docs/domain.md#summary-statistics-issue-11).
 */
export function createStatsService(deps: {
  db: Database;
  repo: StatsRepository;
  regions: Regions;
  clock: Clock;
}) {
  const { db, repo, regions, clock } = deps;

  /** Counts one noted period again, in its own transaction; answers whether it was still noted. */
  async function countPeriod(grain: Grain, period: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      // Two processes never count one period at once: the second waits, then finds no mark.
      await lockKeys(tx, [`summary:${grain}:${period}`]);
      if (!(await repo.takeMarks(tx, grain, period))) return false;
      const until = grain === 1 ? nextChinaDay(period) : nextMonth(period);
      await repo.recount(tx, {
        grain,
        period,
        next: until,
        from: instantOf(period),
        until: instantOf(until),
      });
      if (grain === 1) await repo.markMonth(tx, monthOf(period));
      return true;
    });
  }

  /** When this process last counted each month (the catch-up's throttle of months). */
  const monthCountedAt = new Map<string, number>();

  /**
   * One round of the catch-up: every period noted when it starts (days first, then the months of
   * the days counted), each in its own transaction, with `between` run after each (the worker's
   * pause: with PGlite the requests' queries run there). Then, if nothing was left for later, the
   * update time becomes the round's start: every change committed before it is counted.
   * Idempotent and restart-safe: a period's marks go in the transaction that counts it.
   *
   * `monthEveryMs`: a month is counted again at most this often by this process (its distinct
   * players need all its orders: 4 s for a month of 830,000 orders on PostgreSQL, while a day is
   * a fraction of a second); a month left for later keeps its mark, and the update time stays
   * until a round counts everything.
   */
  async function refresh(
    options: { between?: () => Promise<boolean>; monthEveryMs?: number } = {},
  ): Promise<{ periods: number; deferred: number }> {
    const startedAt = await repo.now();
    let periods = 0;
    let deferred = 0;
    for (const grain of [1, 2] as const) {
      for (const period of await repo.notedPeriods(grain)) {
        const last = monthCountedAt.get(period);
        if (
          grain === 2 &&
          options.monthEveryMs &&
          last !== undefined &&
          clock().getTime() - last < options.monthEveryMs
        ) {
          deferred++;
          continue;
        }
        if (await countPeriod(grain, period)) periods++;
        if (grain === 2) monthCountedAt.set(period, clock().getTime());
        if (options.between && !(await options.between())) return { periods, deferred: deferred + 1 };
      }
    }
    if (deferred === 0) await db.transaction((tx) => repo.setRefreshedAt(tx, startedAt));
    return { periods, deferred };
  }

  /** Empties the rollups and counts every day that holds a record, and its month, again. */
  async function rebuild(): Promise<{ periods: number; deferred: number }> {
    await db.transaction((tx) => repo.markEverything(tx));
    return refresh();
  }

  /** The whole China days (or months' first days) of a query, defaults applied, bounds checked. */
  function rangeOf(q: Pick<Query, 'startTime' | 'endTime' | 'timeType'>): {
    grain: Grain;
    first: string;
    last: string;
  } {
    const grain: Grain = q.timeType === '20' ? 2 : 1;
    const { from, to } = chinaRange(q.startTime, q.endTime);
    const today = chinaDay(clock());
    const lastDay = to ? chinaDay(to) : today;
    const firstDay = from ? chinaDay(from) : chinaDay(new Date(instantOf(lastDay).getTime() - 29 * DAY_MS));
    if (firstDay > lastDay) throw new AppError(Codes.INVALID_PARAMS, SummaryMessages.range);
    if (daysBetween(firstDay, lastDay) >= SUMMARY_MAX_DAYS)
      throw new AppError(Codes.INVALID_PARAMS, SummaryMessages.tooLong);
    return grain === 1
      ? { grain, first: firstDay, last: lastDay }
      : { grain, first: monthOf(firstDay), last: monthOf(lastDay) };
  }

  async function resolve(caller: Caller, q: Query): Promise<Resolved> {
    if (q.sourceType === 3 && !isAllowed(ROUTE_ROLES['/APP-summary-stats'], caller.subject))
      throw new AppError(Codes.FORBIDDEN);
    const scope = scopeOf(caller);
    const range = rangeOf(q);
    const asked = (q.agentIds ?? []).length > 0 ? await repo.outermost(q.agentIds ?? []) : [scope.agentId];
    const where: StatsWhere = {
      ...range,
      termClass:
        q.sourceType === undefined ? undefined : CLASS_OF_SOURCE_TYPE[q.sourceType as SummarySourceType],
      provinceCode: q.provinceId,
      cityCode: q.cityId,
      districtCode: q.regionId,
      earningsLevel: scope.agentLevel,
      source: { kind: 'nodes', ids: asked },
    };
    const single = asked.length === 1 ? asked[0] : undefined;
    const agent: StatsGroups['agent'] = !q.agentDimension
      ? undefined
      : single !== undefined
        ? { base: single, children: await repo.children(single) }
        : { nodes: asked };
    const groups: StatsGroups = { period: true, area: q.areaDimension, agent };
    if (q.channelId === undefined) return { where, groups, empty: false };

    // A channel: its own rows, kept only when its net bar's area and its chain match the filters.
    const info = await repo.channelInfo(q.channelId);
    const inArea =
      info !== null &&
      (q.provinceId === undefined || info.provinceCode === q.provinceId) &&
      (q.cityId === undefined || info.cityCode === q.cityId) &&
      (q.regionId === undefined || info.districtCode === q.regionId);
    const under = info ? asked.find((id) => info.chain.includes(id)) : undefined;
    const areaCode =
      q.areaDimension === 'province'
        ? info?.provinceCode
        : q.areaDimension === 'city'
          ? info?.cityCode
          : info?.districtCode;
    let agentId: number | null = null;
    let own = false;
    if (agent && info && under !== undefined) {
      if ('base' in agent) {
        const next = info.chain[info.chain.indexOf(agent.base) + 1];
        agentId = next ?? agent.base;
        own = next === undefined;
      } else agentId = under;
    }
    return {
      where: { ...where, source: { kind: 'channel', id: q.channelId } },
      groups,
      channel: { areaId: q.areaDimension ? (areaCode ?? 0) : null, agentId, own },
      empty: !inArea || under === undefined,
    };
  }

  const areaName = (code: number) => (code === 0 ? '未知地区' : (regions.nameOf(code) ?? String(code)));

  async function rowsOf(r: Resolved, rows: readonly GroupRow[]): Promise<SummaryStatsRow[]> {
    const fixed = r.channel;
    const agentIds = [
      ...new Set(rows.map((x) => fixed?.agentId ?? x.agentId).filter((x): x is number => x !== null)),
    ];
    const names = await repo.agentNames(agentIds);
    return rows.map((x) => {
      const areaId = fixed ? fixed.areaId : x.areaId;
      const agentId = fixed ? fixed.agentId : x.agentId;
      const agent = agentId === null ? undefined : names.get(agentId);
      return {
        statTime: labelOf(r.where.grain, x.period ?? ''),
        areaId,
        areaName: areaId === null ? null : areaName(areaId),
        agentId,
        agentName: agentId === null ? null : (agent?.name ?? ''),
        agentLevel: agent?.level ?? null,
        own: fixed ? fixed.own : x.own,
        ...pickFigures(x),
      };
    });
  }

  /** Every period of a range, oldest first. */
  function periodsOf(grain: Grain, first: string, last: string): string[] {
    const out: string[] = [];
    for (let p = first; p <= last; p = grain === 1 ? nextChinaDay(p) : nextMonth(p)) out.push(p);
    return out;
  }

  const updateTime = async () => {
    const at = await repo.refreshedAt();
    return at ? formatChinaTime(at) : null;
  };

  /** The workbench's figures of one terminal class (or all): today, yesterday, this month, the last 30 days. */
  async function home(caller: Caller, sourceType: SummarySourceType | undefined): Promise<HomeStats> {
    const today = chinaDay(clock());
    const base: Query = sourceType === undefined ? {} : { sourceType };
    const start = chinaDay(new Date(instantOf(today).getTime() - 29 * DAY_MS));
    const days = await resolve(caller, { ...base, startTime: start, endTime: today });
    const byDay = await repo.groups(days.where, { period: true });
    const month = await resolve(caller, { ...base, startTime: today, endTime: today, timeType: '20' });
    const [thisMonth] = (await repo.groups(month.where, { period: false })).rows;
    const at = new Map(byDay.rows.map((x) => [x.period, x]));
    const yesterday = chinaDay(new Date(instantOf(today).getTime() - DAY_MS));
    return {
      today: figuresOf(at.get(today)),
      yesterday: figuresOf(at.get(yesterday)),
      thisMonth: figuresOf(thisMonth),
      trend: periodsOf(1, start, today).map((p) => ({ statTime: p, ...figuresOf(at.get(p)) })),
    };
  }

  return {
    refresh,
    rebuild,
    updateTime,
    home,

    /** statsList: a page of the rows. */
    async page(caller: Caller, q: Query & { pageNum: number; pageSize: number }) {
      const r = await resolve(caller, q);
      if (r.empty) return { items: [], total: 0 };
      const { rows, total } = await repo.groups(r.where, r.groups, {
        order: q.order ?? 'desc',
        page: { pageNum: q.pageNum, pageSize: q.pageSize },
      });
      return { items: await rowsOf(r, rows), total };
    },

    /** summaryData and updateTime. */
    async totals(caller: Caller, q: Query): Promise<SummaryStatsTotals> {
      const r = await resolve(caller, q);
      const [row] = r.empty ? [] : (await repo.groups(r.where, { period: false })).rows;
      return { summaryData: figuresOf(row), updateTime: await updateTime() };
    },

    /** The trend (every period of the range) and the split by the chosen dimension. */
    async chart(caller: Caller, q: Query): Promise<SummaryStatsChart> {
      const r = await resolve(caller, q);
      const trendRows = r.empty ? [] : (await repo.groups(r.where, { period: true }, { order: 'asc' })).rows;
      const at = new Map(trendRows.map((x) => [x.period, x]));
      const trend = periodsOf(r.where.grain, r.where.first, r.where.last).map((p) => ({
        statTime: labelOf(r.where.grain, p),
        ...figuresOf(at.get(p)),
      }));
      const dimension = r.groups.area
        ? { period: false, area: r.groups.area }
        : r.groups.agent
          ? { period: false, agent: r.groups.agent }
          : null;
      if (!dimension || r.empty) return { trend, split: [] };
      const parts = await rowsOf({ ...r, groups: dimension }, (await repo.groups(r.where, dimension)).rows);
      const split = parts
        .map((x) => ({
          ...pickFigures(x),
          id: (dimension.area ? x.areaId : x.agentId) ?? 0,
          name: (dimension.area ? x.areaName : x.own ? `${x.agentName}（本级）` : x.agentName) ?? '',
          own: x.own,
        }))
        .sort((a, b) => b.paidAmountFen - a.paidAmountFen || a.id - b.id);
      return { trend, split };
    },

    /** The whole filtered set for the export, a batch at a time, in the list's order. */
    async *exportBatches(caller: Caller, q: Query): AsyncGenerator<SummaryStatsRow[]> {
      const r = await resolve(caller, q);
      if (r.empty) return;
      const pageSize = 1000;
      for (let pageNum = 1; ; pageNum++) {
        const { rows } = await repo.groups(r.where, r.groups, {
          order: q.order ?? 'desc',
          page: { pageNum, pageSize },
        });
        if (rows.length === 0) return;
        yield await rowsOf(r, rows);
        if (rows.length < pageSize) return;
      }
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
