import { AgentLevelLabels, type MemberFinanceItem } from '@agent-console/contract';
import type { ExportColumn } from '../../http/export';

/** The columns of 成员财务's export (exportMemberFinance), in the screen's order. */
export const MEMBER_FINANCE_EXPORT_COLUMNS: readonly ExportColumn<MemberFinanceItem>[] = [
  { header: '代理ID', kind: 'int', value: (r) => r.agentId },
  { header: '代理名称', kind: 'text', width: 24, value: (r) => r.agentName },
  {
    header: '代理等级',
    kind: 'text',
    value: (r) => AgentLevelLabels[r.agentLevel as keyof typeof AgentLevelLabels] ?? '',
  },
  { header: '手机号', kind: 'text', width: 14, value: (r) => r.mobilePhone },
  { header: '可用余额（元）', kind: 'yuan', width: 16, value: (r) => r.available },
  { header: '冻结金额（元）', kind: 'yuan', width: 16, value: (r) => r.frozen },
  { header: '累计提现（元）', kind: 'yuan', width: 16, value: (r) => r.totalWithdrawn },
  { header: '累计收益（元）', kind: 'yuan', width: 16, value: (r) => r.totalIncome },
  { header: '区间收益（元）', kind: 'yuan', width: 16, value: (r) => r.rangeIncome },
];
