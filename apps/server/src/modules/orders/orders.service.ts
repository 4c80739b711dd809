import {
  AGENT_TREE_ROOT_ID,
  type BarOrderStatisticsQuery,
  type BarOrderStatisticsRow,
  type BarOrderStatisticsTime,
  type ChannelUserItem,
  type ChannelUserTotals,
  Codes,
  type channelUserList,
  chinaTimeToInstant,
  type ListQueryOf,
  type OrderBarDetail,
  type OrderBarItem,
  type OrderFigures,
  type orderBarList,
  PICKER_LIMIT,
  type PickerOption,
  type StatsTimeType,
} from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { chinaDayOf, chinaRange, formatChinaTime } from '../../shared/time';
import type { AgentsService } from '../agents/agents.service';
import type { Scope } from '../agents/scope';
import type { SettlementService } from '../finance/settlement.service';
import type { Regions } from '../regions/region-tree';
import type {
  AreaCodes,
  OrderFilters,
  OrderPageRow,
  OrdersRepository,
  StatsFilters,
  SubtreeNode,
  UserFilters,
  UserPageRow,
} from './orders.repository';

type OrderQuery = ListQueryOf<typeof orderBarList>;
type UserQuery = ListQueryOf<typeof channelUserList>;
type Page = { pageNum: number; pageSize: number };
type StatsQuery = Omit<BarOrderStatisticsQuery, 'timeType'> & { timeType?: StatsTimeType | undefined };

const invalid = (message: string) => new AppError(Codes.INVALID_PARAMS, message);
const TIME_COLUMN = { '10': 'created', '20': 'paid', '30': 'completed' } as const;
const timeOrNull = (d: Date | null) => (d ? formatChinaTime(d) : null);

/**
 * 订单明细 and 用户明细: the orders and channel users of the caller's subtree (their frozen agent
 * chain holds the caller), with filters, figures over the whole filtered set, exports, the order
 * statistics by day or month and the pickers of the net bar and channel filters.
 */
export function createOrdersService(deps: {
  repo: OrdersRepository;
  agents: Pick<AgentsService, 'findActiveByIds'>;
  regions: Regions;
  clock: Clock;
  /** The split of an order the caller may see (the finance module's settlement). */
  shares: Pick<SettlementService, 'splitOf'>;
}) {
  const { repo, agents, regions, clock } = deps;

  /** The area key as codes, checked to exist. */
  function areaOf(key: string | undefined): AreaCodes | undefined {
    if (key === undefined) return undefined;
    if (!regions.isValidKey(key)) throw invalid(`地区不存在：${key}`);
    const [province, city, district] = key.split('-').map(Number);
    return { province: province as number, city, district };
  }

  /** A node of the agent tree (already checked to be the caller's): undefined for the root, the caller or level 0. */
  async function nodeOf(scope: Scope, pid: number | undefined): Promise<SubtreeNode | undefined> {
    if (pid === undefined || pid === AGENT_TREE_ROOT_ID || pid === scope.agentId) return undefined;
    const [agent] = await agents.findActiveByIds([pid]);
    if (!agent) throw new AppError(Codes.NOT_FOUND, '代理不存在');
    return agent.agentLevel === 0 ? undefined : { id: agent.id, level: agent.agentLevel };
  }

  /** A range's end is a whole second: it runs to the end of that second (times are stored with milliseconds). */
  const range = (start: string | undefined, end: string | undefined) => {
    const r = chinaRange(start, end);
    return { ...r, ...(r.to ? { to: new Date(r.to.getTime() + 999) } : {}) };
  };

  async function orderFilters(scope: Scope, q: OrderQuery): Promise<OrderFilters> {
    return {
      time: { column: TIME_COLUMN[q.timeType ?? '10'], ...range(q.startTime, q.endTime) },
      source: q.orderSource,
      status: q.status,
      terminalType: q.terminalType,
      area: areaOf(q.areaKey),
      under: await nodeOf(scope, q.pid),
      netBarId: q.netBarId,
      channelId: q.channelId,
      orderNo: q.orderNo || undefined,
      platformUserId: q.userId,
      order: q.order ?? 'desc',
    };
  }

  async function userFilters(scope: Scope, q: UserQuery): Promise<UserFilters> {
    return {
      registered: range(q.startTime, q.endTime),
      terminalType: q.terminalType,
      area: areaOf(q.areaKey),
      under: await nodeOf(scope, q.pid),
      netBarId: q.netBarId,
      channelId: q.channelId,
      platformUserId: q.userId,
      order: q.order ?? 'desc',
    };
  }

  /** The statistics count whole China days: from the start's day to the end's day. */
  async function statsFilters(scope: Scope, q: StatsQuery): Promise<StatsFilters> {
    const r = chinaRange(q.startTime, q.endTime);
    const fromDay = r.from ? chinaDayOf(r.from).day : undefined;
    const toDay = r.to ? chinaDayOf(r.to).day : undefined;
    return {
      fromDay,
      toDay,
      fromAt: fromDay ? (chinaTimeToInstant(fromDay) ?? undefined) : undefined,
      toAt: toDay
        ? new Date((chinaTimeToInstant(toDay, { endOfDay: true })?.getTime() ?? 0) + 999)
        : undefined,
      area: areaOf(q.areaKey),
      under: await nodeOf(scope, q.pid),
      netBarId: q.netBarId,
      channelId: q.channelId,
    };
  }

  const areaName = (key: string | null) => (key ? (regions.names(key) ?? '') : '');

  const orderItem = (r: OrderPageRow): OrderBarItem => ({
    id: r.order.id,
    orderNo: r.order.orderNo,
    playerId: r.order.playerId,
    userId: r.platformUserId,
    mobilePhone: r.phoneMasked,
    gameId: r.order.gameId,
    gameName: r.gameName,
    goodsId: r.order.goodsId,
    netBarId: r.order.netBarId,
    netBarName: r.netBarName,
    areaName: areaName(r.areaKey),
    channelId: r.order.channelId,
    channelName: r.channelName,
    agentId: r.order.agentId,
    agentName: r.agentName,
    orderSource: r.order.source,
    terminalType: r.order.terminalType,
    rentType: r.order.rentType,
    rentMinutes: r.order.rentMinutes,
    amountFen: r.order.amountFen,
    priceIncreaseFen: r.order.priceIncreaseFen,
    status: r.order.status,
    createTime: formatChinaTime(r.order.createdAt),
    payTime: timeOrNull(r.order.paidAt),
    rentStartTime: timeOrNull(r.order.rentStartAt),
    rentEndTime: timeOrNull(r.order.rentEndAt),
    completeTime: timeOrNull(r.order.completedAt),
  });

  const userItem = (r: UserPageRow): ChannelUserItem => ({
    id: r.player.id,
    userId: r.player.platformUserId,
    mobilePhone: r.player.phoneMasked,
    channelId: r.player.channelId,
    channelName: r.channelName,
    netBarId: r.player.netBarId,
    netBarName: r.netBarName,
    areaName: areaName(r.areaKey),
    agentId: r.player.agentId,
    agentName: r.agentName,
    terminalType: r.player.terminalType,
    registerTime: formatChinaTime(r.player.registeredAt),
    orderCount: r.player.orderCount,
    spentFen: r.player.spentFen,
  });

  /** The default range of the statistics for a granularity, China time. */
  function defaultStatsRange(timeType: StatsTimeType): { startTime: string; endTime: string } {
    const today = formatChinaTime(clock()).slice(0, 10);
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const pad = (n: number) => String(n).padStart(2, '0');
    const dateText = (t: Date) => `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
    if (timeType === '10') {
      const start = new Date(Date.UTC(y, m - 1, d - 29));
      return { startTime: `${dateText(start)} 00:00:00`, endTime: `${today} 23:59:59` };
    }
    const start = new Date(Date.UTC(y, m - 12, 1));
    const end = new Date(Date.UTC(y, m, 0));
    return { startTime: `${dateText(start)} 00:00:00`, endTime: `${dateText(end)} 23:59:59` };
  }

  return {
    /** queryOrderBarPage: a page of the filtered orders, newest first by default. */
    async orderPage(scope: Scope, q: OrderQuery & Page): Promise<{ items: OrderBarItem[]; total: number }> {
      const { rows, total } = await repo.orderPage(scope, await orderFilters(scope, q), q);
      return { items: rows.map(orderItem), total };
    },
    /** totalOrderBarRecord: the figures of the whole filtered list. */
    async orderTotals(scope: Scope, q: OrderQuery): Promise<OrderFigures> {
      return repo.orderFigures(scope, await orderFilters(scope, q));
    },
    /** exportOrderBar: the whole filtered list, a batch at a time. */
    async *orderExport(scope: Scope, q: OrderQuery): AsyncGenerator<OrderBarItem[]> {
      for await (const rows of repo.orderBatches(scope, await orderFilters(scope, q)))
        yield rows.map(orderItem);
    },
    /** The order detail (its id was checked to be the caller's), with the split the caller may see. */
    async orderDetail(scope: Scope, id: number): Promise<OrderBarDetail> {
      const found = await repo.orderDetail(id);
      if (!found) throw new AppError(Codes.NOT_FOUND, '订单不存在');
      return {
        ...orderItem(found.row),
        history: found.history.map((h) => ({ status: h.status, time: formatChinaTime(h.occurredAt) })),
        profitShares: await deps.shares.splitOf(scope, id),
      };
    },

    /** queryBarOrderStatisticsPage: a row per day (or month) with orders, newest first. */
    async statsPage(
      scope: Scope,
      q: StatsQuery & Page,
    ): Promise<{ items: BarOrderStatisticsRow[]; total: number }> {
      const by = (q.timeType ?? '10') === '10' ? 'day' : 'month';
      const { rows, total } = await repo.statsPage(scope, await statsFilters(scope, q), by, q);
      return { items: rows, total };
    },
    /** totalBarOrderStatistics: the figures over the statistics' whole range. */
    async statsTotals(scope: Scope, q: StatsQuery): Promise<OrderFigures> {
      return repo.statsFigures(scope, await statsFilters(scope, q));
    },
    /** barOrderStatisticsTime/{timeType}: the default range of a granularity and the scope's first and last order. */
    async statsTime(scope: Scope, timeType: StatsTimeType): Promise<BarOrderStatisticsTime> {
      const bounds = await repo.orderTimeBounds(scope);
      return {
        timeType,
        ...defaultStatsRange(timeType),
        firstOrderTime: timeOrNull(bounds.first),
        lastOrderTime: timeOrNull(bounds.last),
      };
    },

    /** queryUsersPage: a page of the filtered channel users, newest first by default. */
    async userPage(scope: Scope, q: UserQuery & Page): Promise<{ items: ChannelUserItem[]; total: number }> {
      const { rows, total } = await repo.userPage(scope, await userFilters(scope, q), q);
      return { items: rows.map(userItem), total };
    },
    async userTotals(scope: Scope, q: UserQuery): Promise<ChannelUserTotals> {
      return repo.userTotals(scope, await userFilters(scope, q));
    },
    async *userExport(scope: Scope, q: UserQuery): AsyncGenerator<ChannelUserItem[]> {
      for await (const rows of repo.userBatches(scope, await userFilters(scope, q))) yield rows.map(userItem);
    },

    /** The net bar picker: the scope's net bars by name. */
    netBarOptions: (scope: Scope, keyword: string | undefined): Promise<PickerOption[]> =>
      repo.netBarOptions(scope, keyword || undefined, PICKER_LIMIT),
    /** The channel picker: the scope's channels (of one net bar) by name. */
    channelOptions: (
      scope: Scope,
      keyword: string | undefined,
      netBarId: number | undefined,
    ): Promise<PickerOption[]> => repo.channelOptions(scope, keyword || undefined, netBarId, PICKER_LIMIT),
    /** The names of a restored filter's net bar and channel (checked to be the caller's). */
    async pickerNames(q: { netBarId?: number | undefined; channelId?: number | undefined }) {
      return {
        netBar: q.netBarId === undefined ? null : await repo.netBarName(q.netBarId),
        channel: q.channelId === undefined ? null : await repo.channelName(q.channelId),
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
