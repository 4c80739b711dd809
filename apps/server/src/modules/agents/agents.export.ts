import { AgentLevelLabels, type AgentListItem } from '@agent-console/contract';
import type { ExportColumn } from '../../http/export';

/** The columns of the agent list's export (exportAgentInfoPage), in the screen's order. */
export const AGENT_EXPORT_COLUMNS: readonly ExportColumn<AgentListItem>[] = [
  { header: '代理ID', kind: 'int', value: (r) => r.id },
  { header: '代理名称', kind: 'text', width: 24, value: (r) => r.agentName },
  {
    header: '代理等级',
    kind: 'text',
    value: (r) => AgentLevelLabels[r.agentLevel as keyof typeof AgentLevelLabels] ?? '',
  },
  { header: '上级代理', kind: 'text', width: 24, value: (r) => r.parentName ?? '' },
  { header: '手机号', kind: 'text', width: 14, value: (r) => r.mobilePhone },
  { header: '代理地区', kind: 'text', width: 40, value: (r) => r.areaNames.join('、') || '全国' },
  { header: '分润比例', kind: 'percent', value: (r) => (r.hasPriceAddRangeFlag ? null : r.proportion) },
  { header: '基础分润', kind: 'percent', value: (r) => (r.hasPriceAddRangeFlag ? null : r.baseProfitRatio) },
  {
    header: '游戏分润',
    kind: 'text',
    width: 40,
    value: (r) =>
      r.hasPriceAddRangeFlag
        ? ''
        : r.gameProfitRatios.map((g) => `${g.gameName} ${(g.profitRatio * 100).toFixed(2)}%`).join('；'),
  },
  { header: '下级代理数', kind: 'int', value: (r) => r.subAgentCount },
  { header: '网吧数', kind: 'int', value: (r) => r.netBarCount },
  { header: '创建时间', kind: 'text', width: 20, value: (r) => r.createTime },
  { header: '备注', kind: 'text', width: 30, value: (r) => r.remark },
];
