import { AgentLevelLabels, type FundDetailItem, LedgerKindLabels } from '@agent-console/contract';
import type { ExportColumn } from '../../http/export';

/** The columns of the 资金明细 export, in the screen's order; amounts in yuan, signed. */
export const FUND_DETAIL_EXPORT_COLUMNS: readonly ExportColumn<FundDetailItem>[] = [
  { header: '时间', kind: 'text', width: 20, value: (r) => r.createTime },
  { header: '代理ID', kind: 'int', value: (r) => r.agentId },
  { header: '代理名称', kind: 'text', width: 20, value: (r) => r.agentName },
  {
    header: '代理级别',
    kind: 'text',
    width: 12,
    value: (r) =>
      (AgentLevelLabels as Readonly<Record<number, string>>)[r.agentLevel] ?? String(r.agentLevel),
  },
  { header: '类型', kind: 'text', width: 14, value: (r) => LedgerKindLabels[r.kind] },
  { header: '可用余额变动(元)', kind: 'yuan', width: 18, value: (r) => r.availableChangeFen },
  { header: '冻结金额变动(元)', kind: 'yuan', width: 18, value: (r) => r.frozenChangeFen },
  { header: '变动后可用余额(元)', kind: 'yuan', width: 20, value: (r) => r.availableAfterFen },
  { header: '变动后冻结金额(元)', kind: 'yuan', width: 20, value: (r) => r.frozenAfterFen },
  { header: '订单号', kind: 'text', width: 24, value: (r) => r.orderNo ?? '' },
  {
    header: '提现单号',
    kind: 'text',
    width: 12,
    value: (r) => (r.withdrawalId === null ? '' : String(r.withdrawalId)),
  },
  { header: '备注', kind: 'text', width: 30, value: (r) => r.reason ?? '' },
];
