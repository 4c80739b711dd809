import {
  type ChannelUserItem,
  type OrderBarItem,
  OrderSourceLabels,
  OrderStatusLabels,
  RentTypeLabels,
  TerminalTypeLabels,
} from '@agent-console/contract';
import type { ExportColumn } from '../../http/export';

const label = (labels: Readonly<Record<number, string>>, code: number) => labels[code] ?? String(code);

/** The columns of the order export (exportOrderBar), in the screen's order; amounts in yuan. */
export const ORDER_EXPORT_COLUMNS: readonly ExportColumn<OrderBarItem>[] = [
  { header: '订单号', kind: 'text', width: 24, value: (r) => r.orderNo },
  { header: '用户ID', kind: 'int', width: 12, value: (r) => r.userId },
  { header: '手机号', kind: 'text', width: 14, value: (r) => r.mobilePhone },
  { header: '游戏', kind: 'text', width: 16, value: (r) => r.gameName },
  { header: '商品ID', kind: 'int', width: 12, value: (r) => r.goodsId },
  { header: '网吧', kind: 'text', width: 24, value: (r) => r.netBarName },
  { header: '地区', kind: 'text', width: 24, value: (r) => r.areaName },
  { header: '渠道', kind: 'text', width: 20, value: (r) => r.channelName ?? '' },
  { header: '所属代理', kind: 'text', width: 20, value: (r) => r.agentName },
  { header: '订单来源', kind: 'text', value: (r) => label(OrderSourceLabels, r.orderSource) },
  { header: '终端类型', kind: 'text', value: (r) => label(TerminalTypeLabels, r.terminalType) },
  { header: '租赁方式', kind: 'text', value: (r) => RentTypeLabels[r.rentType] },
  { header: '租赁时长(分钟)', kind: 'int', value: (r) => r.rentMinutes },
  { header: '支付金额(元)', kind: 'yuan', value: (r) => r.amountFen },
  { header: '加价金额(元)', kind: 'yuan', value: (r) => r.priceIncreaseFen },
  { header: '订单状态', kind: 'text', value: (r) => label(OrderStatusLabels, r.status) },
  { header: '下单时间', kind: 'text', width: 20, value: (r) => r.createTime },
  { header: '支付时间', kind: 'text', width: 20, value: (r) => r.payTime ?? '' },
  { header: '完成时间', kind: 'text', width: 20, value: (r) => r.completeTime ?? '' },
];

/** The columns of the channel user export (exportUsersPage). */
export const USER_EXPORT_COLUMNS: readonly ExportColumn<ChannelUserItem>[] = [
  { header: '用户ID', kind: 'int', width: 12, value: (r) => r.userId },
  { header: '手机号', kind: 'text', width: 14, value: (r) => r.mobilePhone },
  { header: '渠道', kind: 'text', width: 20, value: (r) => r.channelName ?? '' },
  { header: '网吧', kind: 'text', width: 24, value: (r) => r.netBarName ?? '' },
  { header: '地区', kind: 'text', width: 24, value: (r) => r.areaName },
  { header: '所属代理', kind: 'text', width: 20, value: (r) => r.agentName },
  { header: '注册终端', kind: 'text', value: (r) => label(TerminalTypeLabels, r.terminalType) },
  { header: '注册时间', kind: 'text', width: 20, value: (r) => r.registerTime },
  { header: '订单数', kind: 'int', value: (r) => r.orderCount },
  { header: '消费金额(元)', kind: 'yuan', value: (r) => r.spentFen },
];
