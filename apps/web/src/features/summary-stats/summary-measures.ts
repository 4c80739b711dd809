import { DEVICE_DAY_MIN_MINUTES } from '@agent-console/contract/devices';
import { OrderStatusLabels } from '@agent-console/contract/enums';
import { formatYuan } from '@agent-console/contract/money';
import type { SummaryFigures, SummarySourceType } from '@agent-console/contract/summary-stats';

/** A measure of the summary statistics: a field of `SummaryFigures`. */
export type MeasureKey = keyof SummaryFigures;

export interface Measure {
  key: MeasureKey;
  /** The column, chart and totals label. */
  label: string;
  /** Integer fen on the wire, shown in yuan with two decimals. */
  money: boolean;
  /** What a count counts (人, 单, 家, 台), or 元. */
  unit: string;
  /** The short definition shown in the column header's tooltip (the contract's, in Chinese). */
  hint: string;
  /** Only 客户端数据统计 has it: devices are the net bars' PCs, not web or APP terminals. */
  clientOnly?: boolean;
}

const statuses = (codes: readonly number[]) =>
  codes.map((c) => OrderStatusLabels[c as keyof typeof OrderStatusLabels]).join('、');

/** Every measure, in the order of the table's columns (definitions: contract summary-stats.ts). */
export const MEASURES: readonly Measure[] = [
  {
    key: 'newPlayers',
    label: '新增玩家',
    money: false,
    unit: '人',
    hint: '统计期内注册的玩家（按注册渠道所属的网吧和终端）',
  },
  {
    key: 'activePlayers',
    label: '活跃玩家',
    money: false,
    unit: '人',
    hint: '统计期内下过订单的玩家，每人每期计一次',
  },
  { key: 'orderCount', label: '订单数', money: false, unit: '单', hint: '统计期内创建的订单，不论状态' },
  {
    key: 'orderAmountFen',
    label: '订单金额',
    money: true,
    unit: '元',
    hint: '统计期内创建的订单的金额，不论状态',
  },
  {
    key: 'paidCount',
    label: '支付订单',
    money: false,
    unit: '单',
    hint: `其中已支付的订单（${statuses([30, 40, 50, 52, 70])}）`,
  },
  { key: 'paidAmountFen', label: '支付金额', money: true, unit: '元', hint: '已支付订单的金额' },
  {
    key: 'completedCount',
    label: '完成订单',
    money: false,
    unit: '单',
    hint: `其中${statuses([50, 52])}的订单`,
  },
  { key: 'completedAmountFen', label: '完成金额', money: true, unit: '元', hint: '完成订单的金额' },
  {
    key: 'refundCount',
    label: '退款订单',
    money: false,
    unit: '单',
    hint: '其中支付后又取消（已退款）的订单',
  },
  { key: 'refundAmountFen', label: '退款金额', money: true, unit: '元', hint: '退款订单的金额' },
  {
    key: 'activeNetBars',
    label: '有订单网吧',
    money: false,
    unit: '家',
    hint: '统计期内有订单的网吧，每家每期计一次',
  },
  {
    key: 'devices',
    label: '活跃设备',
    money: false,
    unit: '台',
    hint: `统计期内有一天在线不少于${DEVICE_DAY_MIN_MINUTES}分钟的网吧电脑`,
    clientOnly: true,
  },
  {
    key: 'earningsFen',
    label: '本级收益',
    money: true,
    unit: '元',
    hint: '本级在统计期订单中的分润（已扣除冲正）',
  },
];

/** The measures a screen shows: 活跃设备 on 客户端数据统计 only (no sourceType). */
export const measuresOf = (sourceType: SummarySourceType | undefined): readonly Measure[] =>
  sourceType === undefined ? MEASURES : MEASURES.filter((m) => !m.clientOnly);

/** The measure the charts start from. */
export const DEFAULT_CHART_MEASURE: MeasureKey = 'paidAmountFen';

/** A value as a cell or a tooltip shows it: yuan with two decimals, or the count. */
export const valueText = (measure: Measure, value: number): string =>
  measure.money ? formatYuan(value) : value.toLocaleString('zh-CN');

/** A value with its unit: "1,234.56 元", "12 单". */
export const valueWithUnit = (measure: Measure, value: number): string =>
  `${valueText(measure, value)} ${measure.unit}`;

const trimZeros = (text: string) => text.replace(/\.?0+$/, '');

/** A number in 万 or 亿 when large (axis labels): 12000 → "1.2万". Display only. */
export function compactNumber(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e8) return `${trimZeros((n / 1e8).toFixed(2))}亿`;
  if (abs >= 1e4) return `${trimZeros((n / 1e4).toFixed(2))}万`;
  return Number.isInteger(n) ? n.toLocaleString('zh-CN') : trimZeros(n.toFixed(2));
}

/** An axis or bar label: counts as they are, amounts (fen) in yuan, both shortened when large. */
export const compactText = (measure: Measure, value: number): string =>
  compactNumber(measure.money ? value / 100 : value);
