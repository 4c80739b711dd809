import * as z from 'zod/mini';
import { EmptyRequest, endpoint } from './endpoint';
import { defineList, exportEndpoint, listEndpoint, totalsEndpoint } from './list';
import { Fen, NonNegativeFen, PositiveFen } from './money';
import { OPERATOR_ACCESS, ROUTE_ROLES } from './roles';
import { Id } from './validators';

/**
 * 有效设备统计 (issue 10 §4, spec sections 2 and 7): per agent (the agent that signed the net
 * bars) and month, the devices of its bars that were active enough to count, and the settlement
 * the operator books for them. The rules are in docs/domain.md#valid-devices-issue-10-4.
 */

/**
 * A day counts for a device when it was active at least this many minutes that China day: a PC
 * switched on for a few minutes (an update, a check) is not in use. Fixed, so the monthly rollup
 * can count it as the platform reports.
 */
export const DEVICE_DAY_MIN_MINUTES = 60;

/** The settlement status of an agent's month: 0 未结算, 1 已结算. */
export const DeviceSettleStatus = { UNSETTLED: 0, SETTLED: 1 } as const;
export type DeviceSettleStatus = (typeof DeviceSettleStatus)[keyof typeof DeviceSettleStatus];
export const DEVICE_SETTLE_STATUS_VALUES = [0, 1] as const;
export const DeviceSettleStatusLabels: Readonly<Record<DeviceSettleStatus, string>> = {
  0: '未结算',
  1: '已结算',
};

export const DeviceMessages = {
  monthFormat: '月份格式应为 YYYY-MM',
  monthRange: '开始月份不能晚于结束月份',
  minDaysRange: '有效天数须在1到31天之间',
  amountRange: '每台结算金额须在0.01元到1,000.00元之间',
  notClosed: '该月尚未结束，不能结算',
  noValidDevice: '该月没有有效设备，无需结算',
  alreadySettled: '该月已结算',
  noReturn: '已结算的月份不能改回未结算；如需更正，请由总代理做资金调整',
  noDevices: '该代理该月没有设备数据',
} as const;

/** A month, China time: "YYYY-MM". */
export const MonthText = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, DeviceMessages.monthFormat));

// ---- the operator's rule (基础设置 › 设备结算设置) ----

/** The most a valid device may be settled at, in fen (1,000.00 元). */
export const DEVICE_AMOUNT_MAX_FEN = 100_000;

export const DeviceSetting = z.object({
  /** A device counts as valid for a month when it was active on at least this many days of it. */
  minDays: z.int().check(z.minimum(1), z.maximum(31)),
  /** What the agent is paid per valid device of a month, in fen. */
  amountPerDevice: PositiveFen,
  updateTime: z.nullable(z.string()),
});
export type DeviceSetting = z.infer<typeof DeviceSetting>;

export const DeviceSettingRequest = z.strictObject({
  minDays: z
    .int({ error: '请输入有效天数（整数）' })
    .check(z.minimum(1, DeviceMessages.minDaysRange), z.maximum(31, DeviceMessages.minDaysRange)),
  amountPerDevice: z
    .int({ error: '请输入每台结算金额（以分为单位的整数）' })
    .check(
      z.minimum(1, DeviceMessages.amountRange),
      z.maximum(DEVICE_AMOUNT_MAX_FEN, DeviceMessages.amountRange),
    ),
});
export type DeviceSettingRequest = z.input<typeof DeviceSettingRequest>;

export const queryDeviceSetting = endpoint({
  path: '/api/setting/deviceSetting',
  access: OPERATOR_ACCESS,
  request: EmptyRequest,
  object: DeviceSetting,
});
export const updateDeviceSetting = endpoint({
  path: '/api/setting/updateDeviceSetting',
  access: OPERATOR_ACCESS,
  request: DeviceSettingRequest,
  object: DeviceSetting,
});

// ---- the statistics ----

/** Who sees 有效设备统计 (spec section 2: `setSettleAuthority`). */
export const DEVICE_STATS_ACCESS = { auth: 'session', roles: ROUTE_ROLES['/device-stats'] } as const;
/** Who books a settlement: the level 0 operator with `setSettleAuthority` (the money is the platform's). */
export const DEVICE_SETTLE_ACCESS = {
  auth: 'session',
  roles: { agentLevel: [0], setSettleAuthority: [true] },
} as const;

/** One agent's month. */
export const DeviceMonthStat = z.object({
  /** `${agentId}-${month}`: names the row. */
  key: z.string(),
  agentId: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  month: z.string(),
  /** Net bars of the agent with a device seen that month. */
  netBarCount: z.int(),
  /** Devices that reported activity that month. */
  deviceCount: z.int(),
  /** Devices active on at least `minDays` days (each of at least DEVICE_DAY_MIN_MINUTES minutes), as of now. */
  validDeviceCount: z.int(),
  /** The rule the row is counted with: the one in force, or the one frozen on its settlement. */
  minDays: z.int(),
  amountPerDevice: NonNegativeFen,
  /** Settled: the amount booked; unsettled: valid devices × the amount in force. */
  settlementAmount: NonNegativeFen,
  status: z.union([z.literal(0), z.literal(1)]),
  /** Whether the month is over (China time): only a closed month can be settled. */
  closed: z.boolean(),
  /** Settled: the valid devices the settlement counted (later reports do not change it). */
  settledValidDeviceCount: z.nullable(z.int()),
  settleTime: z.nullable(z.string()),
  settledByName: z.nullable(z.string()),
});
export type DeviceMonthStat = z.infer<typeof DeviceMonthStat>;

const monthFilters = {
  startMonth: z.optional(MonthText),
  endMonth: z.optional(MonthText),
  /** A node of the agent tree (the tree selectors' `pid`): its subtree's agents; -1 or absent: all. */
  pid: z.optional(z.int()),
  status: z.optional(z.union([z.literal(0), z.literal(1)])),
};

export const deviceMonthStatList = defineList({
  filters: monthFilters,
  row: DeviceMonthStat,
  sort: ['month', 'validDeviceCount'],
  defaultSort: { field: 'month', order: 'desc' },
  owner: 'agentId',
  owns: { pid: 'agent' },
});
export type DeviceMonthStatQuery = z.input<typeof deviceMonthStatList.request>;

export const queryDeviceMonthStatistic = listEndpoint({
  path: '/api/da/device/month/statistic',
  list: deviceMonthStatList,
  access: DEVICE_STATS_ACCESS,
});

export const DeviceMonthTotals = z.object({
  /** Agent months in the filtered set. */
  rowCount: z.int(),
  netBarCount: z.int(),
  deviceCount: z.int(),
  validDeviceCount: z.int(),
  settlementAmount: Fen,
  settledAmount: Fen,
  unsettledAmount: Fen,
});
export type DeviceMonthTotals = z.infer<typeof DeviceMonthTotals>;

export const totalDeviceMonthStatistic = totalsEndpoint({
  path: '/api/da/device/month/statistic/total',
  list: deviceMonthStatList,
  totals: DeviceMonthTotals,
  access: DEVICE_STATS_ACCESS,
});

export const exportDeviceMonthStatistic = exportEndpoint({
  path: '/api/da/device/month/statistic/export',
  list: deviceMonthStatList,
  access: DEVICE_STATS_ACCESS,
  fileName: '有效设备统计',
});

/** One device of a net bar in a month: its active days and whether it counts. */
export const DeviceDetailItem = z.object({
  id: z.int(),
  agentId: z.int(),
  netBarId: z.int(),
  netBarName: z.string(),
  deviceCode: z.string(),
  month: z.string(),
  /** Days of the month the device was active at least DEVICE_DAY_MIN_MINUTES minutes. */
  activeDays: z.int(),
  /** Days it reported any activity. */
  reportedDays: z.int(),
  valid: z.boolean(),
});
export type DeviceDetailItem = z.infer<typeof DeviceDetailItem>;

export const deviceDetailList = defineList({
  filters: {
    /** The agent that signed the bars (a row of the statistics). */
    agentId: z.optional(Id),
    month: z.optional(MonthText),
    netBarId: z.optional(Id),
    valid: z.optional(z.boolean()),
  },
  row: DeviceDetailItem,
  sort: ['activeDays', 'netBar'],
  defaultSort: { field: 'netBar', order: 'asc' },
  owner: 'agentId',
  owns: { agentId: 'agent', netBarId: 'netBar' },
});
export type DeviceDetailQuery = z.input<typeof deviceDetailList.request>;

export const queryDeviceDetail = listEndpoint({
  path: '/api/da/device/detail',
  list: deviceDetailList,
  access: DEVICE_STATS_ACCESS,
});

export const ChangeDeviceSettlementRequest = z.strictObject({
  agentId: Id,
  month: MonthText,
  /** The status wanted: 1 settles (books the settlement once); 0 is refused once settled. */
  status: z.union([z.literal(0), z.literal(1)], { error: '结算状态只能是0或1' }),
});
export type ChangeDeviceSettlementRequest = z.input<typeof ChangeDeviceSettlementRequest>;

export const changeDeviceSettlementStatus = endpoint({
  path: '/api/da/device/settlement/changeStatus',
  access: DEVICE_SETTLE_ACCESS,
  request: ChangeDeviceSettlementRequest,
  owns: { agentId: 'agent' },
  object: DeviceMonthStat,
});
