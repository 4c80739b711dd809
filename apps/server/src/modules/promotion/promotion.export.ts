import {
  ApplyStateLabels,
  ChannelKindLabels,
  type ChannelListItem,
  PackingStateLabels,
  type WebNetBarItem,
} from '@agent-console/contract';
import type { ExportColumn } from '../../http/export';

/** The columns of the channel list's export (exportQueryChannelPage), in the screen's order. */
export const CHANNEL_EXPORT_COLUMNS: readonly ExportColumn<ChannelListItem>[] = [
  { header: '渠道ID', kind: 'int', value: (r) => r.channelId },
  { header: '渠道编号', kind: 'text', width: 14, value: (r) => r.code },
  { header: '渠道名称', kind: 'text', width: 24, value: (r) => r.channelName },
  { header: '渠道类型', kind: 'text', value: (r) => ChannelKindLabels[r.kind] },
  { header: '网吧', kind: 'text', width: 24, value: (r) => r.netBarName ?? '' },
  { header: '推广域名', kind: 'text', width: 24, value: (r) => r.domain ?? '' },
  { header: '所属代理', kind: 'text', width: 20, value: (r) => r.agentName },
  { header: '审核状态', kind: 'text', value: (r) => ApplyStateLabels[r.applyState] },
  { header: '审核人', kind: 'text', value: (r) => r.passedByName ?? '' },
  { header: '打包状态', kind: 'text', value: (r) => PackingStateLabels[r.packingState] },
  { header: '短链接', kind: 'text', width: 16, value: (r) => r.shortUrl ?? '' },
  { header: '用户数', kind: 'int', value: (r) => r.userCount },
  { header: '订单数', kind: 'int', value: (r) => r.orderCount },
  { header: '订单金额（元）', kind: 'yuan', value: (r) => r.orderAmount },
  { header: '创建时间', kind: 'text', width: 20, value: (r) => r.createTime },
  { header: '备注', kind: 'text', width: 30, value: (r) => r.remark },
];

/** The columns of the web net bar list's export (exportNetBarPage). */
export const WEB_NET_BAR_EXPORT_COLUMNS: readonly ExportColumn<WebNetBarItem>[] = [
  { header: '网吧ID', kind: 'int', value: (r) => r.netBarId },
  { header: '网吧用户ID', kind: 'int', value: (r) => r.barUserId },
  { header: '网吧名称', kind: 'text', width: 24, value: (r) => r.netBarName },
  { header: '地址', kind: 'text', width: 30, value: (r) => r.address },
  { header: '所属代理', kind: 'text', width: 20, value: (r) => r.agentName },
  { header: '终端数', kind: 'int', value: (r) => r.terminalCount },
  { header: '用户数', kind: 'int', value: (r) => r.userCount },
  { header: '订单数', kind: 'int', value: (r) => r.orderCount },
  { header: '订单金额（元）', kind: 'yuan', value: (r) => r.orderAmount },
  { header: '创建时间', kind: 'text', width: 20, value: (r) => r.createTime },
];
