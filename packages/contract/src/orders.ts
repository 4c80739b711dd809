import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { AreaKey } from './agent';
import { EmptyRequest, endpoint } from './endpoint';
import { ProfitShareLine } from './finance';
import { ORDER_SOURCE_CODES, ORDER_STATUS_CODES, RENT_TYPES } from './ingest';
import { defineList, exportEndpoint, FilterTime, listEndpoint, totalsEndpoint } from './list';
import { Fen } from './money';
import { PageRequest } from './paging';
import { Id } from './validators';

/**
 * 订单明细 (/order-details, spec sections 3, 4, 7) and 用户明细 (/user-details): the bar retail orders
 * and the channel users (players) of the caller's subtree, each on the list pipeline, with the
 * statistics of the orders by day or month and the pickers of the net bar and channel filters.
 * docs/contract.md#orders-and-channel-users, docs/domain.md#orders-and-channel-users.
 */

/** Which time of an order the range filters on: '10' created (default), '20' paid, '30' completed. */
export const ORDER_TIME_TYPES = ['10', '20', '30'] as const;
export type OrderTimeType = (typeof ORDER_TIME_TYPES)[number];
export const OrderTimeTypeLabels: Readonly<Record<OrderTimeType, string>> = {
  '10': '下单时间',
  '20': '支付时间',
  '30': '完成时间',
};

/** The granularity of the order statistics: '10' by day, '20' by month (spec: summary stats timeType). */
export const STATS_TIME_TYPES = ['10', '20'] as const;
export type StatsTimeType = (typeof STATS_TIME_TYPES)[number];

const OrderStatusCode = z.union(ORDER_STATUS_CODES.map((s) => z.literal(s)));
const OrderSourceCode = z.union(ORDER_SOURCE_CODES.map((s) => z.literal(s)));
const TerminalCode = z.int().check(z.minimum(0, '终端类型不存在'), z.maximum(6, '终端类型不存在'));
/** The platform's id of a player (a user id of the rental platform). */
const PlatformUserId = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** An order as the list shows it: amounts in integer fen, times in China time ("YYYY-MM-DD HH:mm:ss"). */
export const OrderBarItem = z.object({
  id: z.int(),
  orderNo: z.string(),
  playerId: z.int(),
  /** The rental platform's user id of the player. */
  userId: z.number(),
  /** Masked. */
  mobilePhone: z.string(),
  gameId: z.int(),
  gameName: z.string(),
  goodsId: z.number(),
  netBarId: z.int(),
  netBarName: z.string(),
  /** Province-city-district names of the net bar. */
  areaName: z.string(),
  channelId: z.nullable(z.int()),
  channelName: z.nullable(z.string()),
  /** The agent that signed the net bar when the order was created (its chain is frozen on the order). */
  agentId: z.int(),
  agentName: z.string(),
  orderSource: z.int(),
  terminalType: z.int(),
  rentType: z.enum(RENT_TYPES),
  rentMinutes: z.int(),
  amountFen: Fen,
  priceIncreaseFen: Fen,
  status: z.int(),
  createTime: z.string(),
  payTime: z.nullable(z.string()),
  rentStartTime: z.nullable(z.string()),
  rentEndTime: z.nullable(z.string()),
  completeTime: z.nullable(z.string()),
});
export type OrderBarItem = z.infer<typeof OrderBarItem>;

/** The filters of the order list, its totals and its export (and, but for time type, of the statistics). */
const orderFilters = {
  /** Which time the range filters on (absent: '10', created). */
  timeType: z.optional(z.enum(ORDER_TIME_TYPES)),
  startTime: z.optional(FilterTime),
  endTime: z.optional(FilterTime),
  orderSource: z.optional(OrderSourceCode),
  status: z.optional(OrderStatusCode),
  terminalType: z.optional(TerminalCode),
  /** The net bar's area: a province, a city or a district key. */
  areaKey: z.optional(AreaKey),
  /** A node of the agent tree (structuredPid): the orders of its subtree; -1 (全部) or absent: all. */
  pid: z.optional(z.int()),
  netBarId: z.optional(Id),
  channelId: z.optional(Id),
  /** The whole order number. */
  orderNo: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  /** The platform's user id of the player. */
  userId: z.optional(PlatformUserId),
};

export const orderBarList = defineList({
  filters: orderFilters,
  row: OrderBarItem,
  sort: ['createTime'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: 'agentId',
  owns: { pid: 'agent', netBarId: 'netBar', channelId: 'channel' },
});
export const OrderBarQuery = orderBarList.request;
export type OrderBarQuery = z.input<typeof OrderBarQuery>;

export const queryOrderBarPage = listEndpoint({
  path: '/api/order/barRetail/queryOrderBarPage',
  list: orderBarList,
  access: SIGNED_IN,
});

/**
 * Figures over a set of orders: all of them, those paid (reserved, renting, completed, partially
 * completed, in dispute: 30, 40, 50, 52, 70), completed (50, 52) and cancelled (60). Amounts in fen.
 */
export const OrderFigures = z.object({
  orderCount: z.int().check(z.nonnegative()),
  amountFen: Fen,
  priceIncreaseFen: Fen,
  paidCount: z.int().check(z.nonnegative()),
  paidAmountFen: Fen,
  completedCount: z.int().check(z.nonnegative()),
  completedAmountFen: Fen,
  cancelledCount: z.int().check(z.nonnegative()),
});
export type OrderFigures = z.infer<typeof OrderFigures>;

/** The statuses whose orders count as paid, and as completed. */
export const PAID_ORDER_STATUSES = [30, 40, 50, 52, 70] as const;
export const COMPLETED_ORDER_STATUSES = [50, 52] as const;

/** totalOrderBarRecord: the figures of the whole filtered list (the spec's totalOrderBar). */
export const totalOrderBarRecord = totalsEndpoint({
  path: '/api/order/barRetail/totalOrderBarRecord',
  list: orderBarList,
  totals: OrderFigures,
  access: SIGNED_IN,
});

export const exportOrderBar = exportEndpoint({
  path: '/api/order/barRetail/exportOrderBar',
  list: orderBarList,
  access: SIGNED_IN,
  fileName: '订单明细',
});

/** One status an order went through, with the time the platform reported it (China time). */
export const OrderStatusStep = z.object({ status: z.int(), time: z.string() });

/**
 * The order detail dialog: every field of the row, the status history (oldest first) and the
 * split (分润明细) as the caller may see it: the lines of its own subtree's agents only (the level 0
 * operator: all), by generation then level.
 */
export const OrderBarDetail = z.object({
  ...OrderBarItem.shape,
  history: z.array(OrderStatusStep),
  profitShares: z.array(ProfitShareLine),
});
export type OrderBarDetail = z.infer<typeof OrderBarDetail>;

export const queryOrderBarDetail = endpoint({
  path: '/api/order/barRetail/queryOrderBarDetail',
  access: SIGNED_IN,
  owns: { id: 'order' },
  request: z.strictObject({ id: Id }),
  object: OrderBarDetail,
});

// ---- statistics by time ----

/** The filters of the order statistics: by created time, whole China days, a granularity. */
const statsFilters = {
  /** '10' a row per day (default), '20' a row per month. */
  timeType: z.optional(z.enum(STATS_TIME_TYPES)),
  startTime: z.optional(FilterTime),
  endTime: z.optional(FilterTime),
  areaKey: z.optional(AreaKey),
  pid: z.optional(z.int()),
  netBarId: z.optional(Id),
  channelId: z.optional(Id),
};
export const BarOrderStatisticsQuery = z.strictObject(statsFilters);
export type BarOrderStatisticsQuery = z.input<typeof BarOrderStatisticsQuery>;
export const BarOrderStatisticsRequest = z.strictObject({ ...statsFilters, ...PageRequest.shape });
export type BarOrderStatisticsRequest = z.input<typeof BarOrderStatisticsRequest>;
const statsOwns = { pid: 'agent', netBarId: 'netBar', channelId: 'channel' } as const;

/** A row of the statistics: a day ("YYYY-MM-DD") or a month ("YYYY-MM") of China time, newest first. */
export const BarOrderStatisticsRow = z.object({ statTime: z.string(), ...OrderFigures.shape });
export type BarOrderStatisticsRow = z.infer<typeof BarOrderStatisticsRow>;

/** The days (or months) of the range with orders, a page of them; `totalCount` all of them. */
export const queryBarOrderStatisticsPage = endpoint({
  path: '/api/order/barRetail/queryBarOrderStatisticsPage',
  access: SIGNED_IN,
  owns: statsOwns,
  request: BarOrderStatisticsRequest,
  object: z.array(BarOrderStatisticsRow),
});

/** The figures over the statistics' whole range (every row of every page). */
export const totalBarOrderStatistics = endpoint({
  path: '/api/order/barRetail/totalBarOrderStatistics',
  access: SIGNED_IN,
  owns: statsOwns,
  request: BarOrderStatisticsQuery,
  object: OrderFigures,
});

/**
 * barOrderStatisticsTime/{timeType} (no body): the statistics' time options for a granularity: its
 * default range (by day the last 30 days; by month this month and the 11 before it, to the end of
 * this month) and the first and last order time of the caller's subtree (null without orders).
 */
export const BarOrderStatisticsTime = z.object({
  timeType: z.enum(STATS_TIME_TYPES),
  startTime: z.string(),
  endTime: z.string(),
  firstOrderTime: z.nullable(z.string()),
  lastOrderTime: z.nullable(z.string()),
});
export type BarOrderStatisticsTime = z.infer<typeof BarOrderStatisticsTime>;

export const barOrderStatisticsTime = endpoint({
  path: '/api/order/barRetail/barOrderStatisticsTime/:timeType',
  access: SIGNED_IN,
  params: z.object({ timeType: z.enum(STATS_TIME_TYPES, '统计类型只能是 10（按日）或 20（按月）') }),
  request: EmptyRequest,
  object: BarOrderStatisticsTime,
});

// ---- channel users (用户明细) ----

/** A channel user (a player of the rental platform registered through a channel of the subtree). */
export const ChannelUserItem = z.object({
  id: z.int(),
  userId: z.number(),
  /** Masked. */
  mobilePhone: z.string(),
  channelId: z.nullable(z.int()),
  channelName: z.nullable(z.string()),
  netBarId: z.nullable(z.int()),
  netBarName: z.nullable(z.string()),
  areaName: z.string(),
  agentId: z.int(),
  agentName: z.string(),
  terminalType: z.int(),
  registerTime: z.string(),
  orderCount: z.int(),
  spentFen: Fen,
});
export type ChannelUserItem = z.infer<typeof ChannelUserItem>;

export const channelUserList = defineList({
  filters: {
    /** Registered from / to, China time. */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
    areaKey: z.optional(AreaKey),
    pid: z.optional(z.int()),
    netBarId: z.optional(Id),
    channelId: z.optional(Id),
    terminalType: z.optional(TerminalCode),
    /** The platform's user id. */
    userId: z.optional(PlatformUserId),
  },
  row: ChannelUserItem,
  sort: ['registerTime'],
  defaultSort: { field: 'registerTime', order: 'desc' },
  owner: 'agentId',
  owns: { pid: 'agent', netBarId: 'netBar', channelId: 'channel' },
});
export const ChannelUserQuery = channelUserList.request;
export type ChannelUserQuery = z.input<typeof ChannelUserQuery>;

export const queryUsersPage = listEndpoint({
  path: '/api/channel/queryUsersPage',
  list: channelUserList,
  access: SIGNED_IN,
});

/** The figures of the whole filtered user list: users, their orders and what they spent. */
export const ChannelUserTotals = z.object({
  userCount: z.int().check(z.nonnegative()),
  orderCount: z.int().check(z.nonnegative()),
  spentFen: Fen,
});
export type ChannelUserTotals = z.infer<typeof ChannelUserTotals>;

export const queryUsersTotal = totalsEndpoint({
  path: '/api/channel/queryUsersTotal',
  list: channelUserList,
  totals: ChannelUserTotals,
  access: SIGNED_IN,
});

export const exportUsersPage = exportEndpoint({
  path: '/api/channel/exportUsersPage',
  list: channelUserList,
  access: SIGNED_IN,
  fileName: '用户明细',
});

// ---- pickers of the net bar and channel filters ----

/** A choice of a picker: a record of the caller's subtree by id and name. */
export const PickerOption = z.object({ id: z.int(), name: z.string() });
export type PickerOption = z.infer<typeof PickerOption>;

export const PICKER_LIMIT = 50;

/** Net bars of the caller's subtree whose name contains the keyword (all without one), by name; at most 50. */
export const searchNetBarOptions = endpoint({
  path: '/api/pickers/netBars',
  access: SIGNED_IN,
  request: z.strictObject({ keyword: z.optional(z.string().check(z.trim(), z.maxLength(50))) }),
  object: z.array(PickerOption),
});

/** Channels of the caller's subtree (of one net bar when given) whose name contains the keyword; at most 50. */
export const searchChannelOptions = endpoint({
  path: '/api/pickers/channels',
  access: SIGNED_IN,
  owns: { netBarId: 'netBar' },
  request: z.strictObject({
    keyword: z.optional(z.string().check(z.trim(), z.maxLength(50))),
    netBarId: z.optional(Id),
  }),
  object: z.array(PickerOption),
});

/** The names of records a restored filter names (ids of the caller's subtree only). */
export const queryPickerNames = endpoint({
  path: '/api/pickers/names',
  access: SIGNED_IN,
  owns: { netBarId: 'netBar', channelId: 'channel' },
  request: z.strictObject({ netBarId: z.optional(Id), channelId: z.optional(Id) }),
  object: z.object({ netBar: z.nullable(PickerOption), channel: z.nullable(PickerOption) }),
});
