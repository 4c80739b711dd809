import type { AgentListItem } from '@agent-console/contract/agent-mgt';
import type { DeviceMonthStat } from '@agent-console/contract/devices';
import { OrderStatusLabels } from '@agent-console/contract/enums';
import { type FundDetailItem, LedgerKindLabels } from '@agent-console/contract/fund-details';
import { formatYuan } from '@agent-console/contract/money';
import type { ChannelUserItem, OrderBarItem } from '@agent-console/contract/orders';
import type { WebNetBarItem } from '@agent-console/contract/promotion';
import { type WithdrawRecord, WithdrawStatusLabels } from '@agent-console/contract/withdrawals';
import { cx } from '../../../lib/cx';
import { levelLabel } from '../../../lib/format';
import type { MiniColumn } from './mini-table';

/*
 * The columns of the workbench's list cards: a few narrow ones each, so that a card half (or a
 * third) of the screen wide shows its rows without scrolling. The full screens have the rest.
 */

/** "2026-03-05 14:22:33" → "03-05 14:22": the year and seconds are for the full screen. */
export const shortTime = (value: string | null): string => (value ? value.slice(5, 16) : '—');

const amount = (fen: number) => <span className="workbench-amount">{formatYuan(fen)}</span>;
const signedAmount = (fen: number) => (
  <span className={cx('workbench-amount', fen < 0 && 'is-out', fen > 0 && 'is-in')}>
    {fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen)}
  </span>
);
const labelOf = (labels: Readonly<Record<number, string>>, code: number) => labels[code] ?? String(code);
/** The caller's own rows say 本级 (as the agent tree names it), the others their agent. */
const agentOf = (selfId: number, row: { agentId: number; agentName: string }) =>
  row.agentId === selfId ? '本级' : row.agentName;

export const agentColumns: readonly MiniColumn<AgentListItem>[] = [
  { key: 'name', title: '代理名称', ellipsis: true, render: (r) => r.agentName },
  { key: 'level', title: '级别', width: 84, render: (r) => levelLabel(r.agentLevel) },
  { key: 'subs', title: '下级', width: 52, align: 'right', render: (r) => r.subAgentCount },
  { key: 'bars', title: '网吧', width: 52, align: 'right', render: (r) => r.netBarCount },
  { key: 'created', title: '创建时间', width: 96, render: (r) => r.createTime.slice(0, 10) },
];

export const channelUserColumns: readonly MiniColumn<ChannelUserItem>[] = [
  { key: 'userId', title: '用户ID', width: 100, ellipsis: true, render: (r) => String(r.userId) },
  { key: 'phone', title: '手机号', width: 108, render: (r) => r.mobilePhone },
  { key: 'channel', title: '渠道', ellipsis: true, render: (r) => r.channelName ?? '—' },
  { key: 'registered', title: '注册时间', width: 96, render: (r) => shortTime(r.registerTime) },
];

export const orderColumns: readonly MiniColumn<OrderBarItem>[] = [
  { key: 'created', title: '下单时间', width: 96, render: (r) => shortTime(r.createTime) },
  { key: 'game', title: '游戏', ellipsis: true, render: (r) => r.gameName },
  { key: 'amount', title: '金额(元)', width: 92, align: 'right', render: (r) => amount(r.amountFen) },
  { key: 'status', title: '状态', width: 68, render: (r) => labelOf(OrderStatusLabels, r.status) },
];

export const withdrawColumns: readonly MiniColumn<WithdrawRecord>[] = [
  { key: 'created', title: '申请时间', render: (r) => shortTime(r.createTime) },
  { key: 'amount', title: '金额(元)', align: 'right', render: (r) => amount(r.amount) },
  { key: 'status', title: '状态', width: 84, render: (r) => labelOf(WithdrawStatusLabels, r.status) },
];

export const fundDetailColumns = (selfId: number): readonly MiniColumn<FundDetailItem>[] => [
  { key: 'created', title: '时间', width: 96, render: (r) => shortTime(r.createTime) },
  { key: 'agent', title: '代理', ellipsis: true, render: (r) => agentOf(selfId, r) },
  { key: 'kind', title: '类型', width: 92, render: (r) => LedgerKindLabels[r.kind] },
  {
    key: 'change',
    title: '可用余额变动',
    width: 108,
    align: 'right',
    render: (r) => signedAmount(r.availableChangeFen),
  },
];

export const deviceColumns = (selfId: number): readonly MiniColumn<DeviceMonthStat>[] => [
  { key: 'month', title: '月份', width: 76, render: (r) => r.month },
  { key: 'agent', title: '代理', ellipsis: true, render: (r) => agentOf(selfId, r) },
  { key: 'valid', title: '有效设备', width: 76, align: 'right', render: (r) => r.validDeviceCount },
  {
    key: 'amount',
    title: '结算金额(元)',
    width: 108,
    align: 'right',
    render: (r) => amount(r.settlementAmount),
  },
];

export const netBarColumns: readonly MiniColumn<WebNetBarItem>[] = [
  { key: 'name', title: '网吧名称', ellipsis: true, render: (r) => r.netBarName },
  { key: 'users', title: '用户', width: 56, align: 'right', render: (r) => r.userCount },
  { key: 'orders', title: '订单', width: 56, align: 'right', render: (r) => r.orderCount },
  { key: 'amount', title: '订单金额(元)', width: 108, align: 'right', render: (r) => amount(r.orderAmount) },
];
