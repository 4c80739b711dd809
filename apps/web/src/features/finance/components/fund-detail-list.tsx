import type { AgentInfo } from '@agent-console/contract/agent';
import { AGENT_TREE_ROOT_ID } from '@agent-console/contract/agent';
import {
  type AmountDetailTotal,
  exportFundDetails,
  type FundDetailItem,
  LedgerKindLabels,
  queryFundDetails,
  totalFundDetails,
} from '@agent-console/contract/fund-details';
import { formatYuan } from '@agent-console/contract/money';
import { Form, Select, type TableColumnsType, Tag } from 'antd';
import Input from 'antd/es/input/Input';
import type { ReactNode } from 'react';
import { LazyAgentTreeSelect, LazyDateRangePicker } from '../../../components/lazy-fields';
import { ListPage } from '../../../components/list-page';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import { levelLabel } from '../../../lib/format';
import { useAgentInfo } from '../../../lib/session';
import { columnsWidth } from '../../../lib/table-width';
import { useList } from '../../../lib/use-list';
import { FUND_DETAIL_RANGES, KIND_COLORS, kindOptions, signedYuan } from '../fund-detail-labels';
import './finance.css';

const changeCell = (fen: number) => (
  <span
    className={
      fen > 0 ? 'fund-change fund-change-in' : fen < 0 ? 'fund-change fund-change-out' : 'fund-change'
    }
  >
    {signedYuan(fen)}
  </span>
);
const balanceCell = (fen: number) => <span className="withdraw-amount-cell">{formatYuan(fen)}</span>;

/** What an entry refers to: its order, its withdrawal or its device settlement. */
function refText(r: FundDetailItem): string | null {
  if (r.orderNo) return `订单 ${r.orderNo}`;
  if (r.withdrawalId !== null) return `提现单 ${r.withdrawalId}`;
  if (r.deviceSettlementId !== null) return `设备结算 ${r.deviceSettlementId}`;
  return null;
}

export function fundDetailColumns(members: boolean): TableColumnsType<FundDetailItem> {
  return [
    {
      title: '时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 110,
      render: (t: string) => <TimeCell value={t} />,
    },
    ...(members
      ? [
          {
            title: '代理',
            key: 'agent',
            width: 150,
            render: (_: unknown, r: FundDetailItem) => (
              <>
                <div>{r.agentName}</div>
                <div className="fund-sub">
                  {levelLabel(r.agentLevel)} · ID {r.agentId}
                </div>
              </>
            ),
          },
        ]
      : []),
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (kind: FundDetailItem['kind']) => <Tag color={KIND_COLORS[kind]}>{LedgerKindLabels[kind]}</Tag>,
    },
    {
      title: '可用余额变动（元）',
      dataIndex: 'availableChangeFen',
      width: 130,
      align: 'right',
      render: changeCell,
    },
    {
      title: '冻结金额变动（元）',
      dataIndex: 'frozenChangeFen',
      width: 130,
      align: 'right',
      render: changeCell,
    },
    {
      title: '变动后余额（元）',
      key: 'after',
      width: 150,
      align: 'right',
      render: (_, r) => (
        <>
          <div>可用 {balanceCell(r.availableAfterFen)}</div>
          <div className="fund-sub">冻结 {formatYuan(r.frozenAfterFen)}</div>
        </>
      ),
    },
    {
      title: '关联单号',
      key: 'ref',
      width: 190,
      ellipsis: { showTitle: false },
      render: (_, r) => ellipsisCell(refText(r)),
    },
    { title: '备注', dataIndex: 'reason', ellipsis: { showTitle: false }, render: ellipsisCell },
  ];
}

/** The totals row of the whole filtered set: count, income, expense, net and the frozen change. */
export function FundDetailTotals({ totals }: { totals: AmountDetailTotal }) {
  return (
    <>
      <span>
        笔数 <strong>{totals.count}</strong>
      </span>
      <span>
        收入 <strong>{formatYuan(totals.incomeFen)}</strong> 元
      </span>
      <span>
        支出 <strong>{formatYuan(totals.expenseFen)}</strong> 元
      </span>
      <span>
        净额 <strong>{signedYuan(totals.netFen)}</strong> 元
      </span>
      <span>
        冻结变动 <strong>{signedYuan(totals.frozenNetFen)}</strong> 元
      </span>
      {totals.byKind.map((k) => (
        <span key={k.kind} className="fund-kind-total">
          {LedgerKindLabels[k.kind]} {k.count}笔 {signedYuan(k.availableChangeFen + k.frozenChangeFen)}
        </span>
      ))}
    </>
  );
}

/** The agent tree filter: one node (its subtree), kept as `agentIds` (the root 全部: the caller's whole subtree). */
function AgentNodeField({
  agent,
  value,
  onChange,
}: {
  agent: Pick<AgentInfo, 'id' | 'structuredPid'>;
  value?: number[];
  onChange?: (ids: number[] | undefined) => void;
}) {
  return (
    <LazyAgentTreeSelect
      className="list-filter-field"
      tree={agent.structuredPid}
      selfId={agent.id}
      value={value?.[0]}
      onChange={(id) => onChange?.(id === undefined ? undefined : [id])}
    />
  );
}

/**
 * 资金明细: the ledger's entries with the time range (date shortcuts), kinds and order number
 * filters, the totals of the whole filtered set, the pager and the export. `members`: the
 * /amount-details screen, with the agent tree (the subtree's members; the server checks the member
 * menu); otherwise the caller's own entries (财务管理's tab).
 */
export function FundDetailList({ members, extra }: { members: boolean; extra?: ReactNode }) {
  const agent = useAgentInfo();
  const list = useList(queryFundDetails, {
    totals: totalFundDetails,
    defaults: () => (members ? { agentIds: [agent.id] } : {}),
  });
  const columns = fundDetailColumns(members);
  return (
    <ListPage
      title="资金明细"
      extra={extra}
      list={list}
      rowKey="id"
      columns={columns}
      ranges={FUND_DETAIL_RANGES}
      normalize={(q) => {
        const ids = q.agentIds as number[] | undefined;
        if (!members) return { ...q, agentIds: undefined };
        return ids?.includes(AGENT_TREE_ROOT_ID) ? { ...q, agentIds: [agent.id] } : q;
      }}
      totals={list.totals ? <FundDetailTotals totals={list.totals} /> : null}
      exportEndpoint={exportFundDetails}
      scroll={{ x: columnsWidth(columns, 140) }}
      filters={
        <>
          <Form.Item label="时间" name="range">
            <LazyDateRangePicker className="list-filter-range" type="datetimerange" />
          </Form.Item>
          <Form.Item label="类型" name="kinds">
            <Select
              className="fund-kind-filter"
              mode="multiple"
              maxTagCount="responsive"
              options={kindOptions}
              allowClear
              placeholder="全部类型"
              aria-label="资金类型"
            />
          </Form.Item>
          {members ? (
            <Form.Item label="代理" name="agentIds">
              <AgentNodeField agent={agent} />
            </Form.Item>
          ) : null}
          <Form.Item name="orderNo" label="订单号">
            <Input className="list-filter-field" placeholder="请输入完整订单号" allowClear maxLength={40} />
          </Form.Item>
        </>
      }
    />
  );
}
