import type { AgentInfo } from '@agent-console/contract/agent';
import { defaultRange, formatDateTime } from '@agent-console/contract/dates';
import { AGENT_LEVELS } from '@agent-console/contract/enums';
import {
  exportMemberFinance,
  type MemberFinanceItem,
  type MemberFinanceTotals,
  queryMemberFinance,
  queryMemberFinanceTotal,
} from '@agent-console/contract/members';
import { formatYuan } from '@agent-console/contract/money';
import { Button, Form, Select, type TableColumnsType, Tag } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { LazyAgentTreeSelect, LazyDateRangePicker } from '../../../components/lazy-fields';
import { ListPage } from '../../../components/list-page';
import { levelLabel } from '../../../lib/format';
import { columnsWidth } from '../../../lib/table-width';
import { useList } from '../../../lib/use-list';
import { AdjustBalanceDialog } from './adjust-balance-dialog';
import { yuanCell } from './withdraw-cells';
import './finance.css';

/** The range field of the filter form: the range of 区间收益. */
const MEMBER_RANGES = { range: ['startTime', 'endTime'] } as const;

/** The list's start and what 重置 goes back to: income of the last 30 days (spec section 4). */
export const memberFinanceDefaults = (now = new Date()) => {
  const [start, end] = defaultRange(now);
  return { startTime: formatDateTime(start), endTime: formatDateTime(end) };
};

/** 成员财务's totals row: the whole filtered set, in yuan. */
export function MemberFinanceTotalsRow({ totals }: { totals: MemberFinanceTotals }) {
  const items = [
    ['可用余额', totals.available],
    ['冻结金额', totals.frozen],
    ['累计提现', totals.totalWithdrawn],
    ['累计收益', totals.totalIncome],
    ['区间收益', totals.rangeIncome],
  ] as const;
  return (
    <>
      <span>
        成员数 <strong>{totals.memberCount}</strong>
      </span>
      {items.map(([label, fen]) => (
        <span key={label}>
          {label} <strong>{formatYuan(fen)}</strong> 元
        </span>
      ))}
    </>
  );
}

/**
 * 财务管理 › 成员财务: the money of the caller's subtree (the caller itself first, marked 本级), with
 * each member's income in the chosen range, the totals of the whole filtered set and the export.
 * The level 0 operator adjusts a member's balance from its row (调账).
 */
export function MemberFinanceList({
  agent,
}: {
  agent: Pick<AgentInfo, 'id' | 'agentLevel' | 'structuredPid'>;
}) {
  const list = useList(queryMemberFinance, {
    totals: queryMemberFinanceTotal,
    defaults: memberFinanceDefaults,
  });
  const [adjusting, setAdjusting] = useState<MemberFinanceItem | null>(null);
  const operator = agent.agentLevel === 0;
  const amount = (title: string, key: keyof MemberFinanceItem, width = 110) => ({
    title,
    dataIndex: key,
    key,
    width,
    align: 'right' as const,
    render: yuanCell,
  });
  const columns: TableColumnsType<MemberFinanceItem> = [
    { title: '代理ID', dataIndex: 'agentId', key: 'agentId', width: 80 },
    {
      title: '代理名称',
      key: 'agentName',
      width: 180,
      render: (_, row) => (
        <>
          {row.agentName}
          {row.agentId === agent.id ? (
            <Tag className="member-self-tag" color="blue">
              本级
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: '代理等级', dataIndex: 'agentLevel', width: 100, render: (l: number) => levelLabel(l) },
    { title: '手机号', dataIndex: 'mobilePhone', width: 130 },
    amount('可用余额（元）', 'available'),
    amount('冻结金额（元）', 'frozen'),
    amount('累计提现（元）', 'totalWithdrawn'),
    amount('累计收益（元）', 'totalIncome'),
    amount('区间收益（元）', 'rangeIncome'),
    ...(operator
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, row: MemberFinanceItem) =>
              row.agentId === agent.id ? (
                '—'
              ) : (
                <Button type="link" size="small" onClick={() => setAdjusting(row)}>
                  调账
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListPage
        title="成员财务"
        list={list}
        rowKey="agentId"
        columns={columns}
        ranges={MEMBER_RANGES}
        totals={list.totals ? <MemberFinanceTotalsRow totals={list.totals} /> : null}
        exportEndpoint={exportMemberFinance}
        scroll={{ x: columnsWidth(columns, 140) }}
        filters={
          <>
            <Form.Item label="收益时间" name="range">
              <LazyDateRangePicker className="list-filter-range" type="datetimerange" />
            </Form.Item>
            <Form.Item name="pid" label="所属代理">
              <LazyAgentTreeSelect
                className="list-filter-field"
                tree={agent.structuredPid}
                selfId={agent.id}
              />
            </Form.Item>
            <Form.Item name="agentName" label="代理名称">
              <Input className="list-filter-field" placeholder="请输入代理名称" allowClear maxLength={50} />
            </Form.Item>
            <Form.Item name="mobilePhone" label="手机号">
              <Input className="list-filter-field" placeholder="请输入手机号" allowClear maxLength={11} />
            </Form.Item>
            <Form.Item name="agentLevel" label="代理等级">
              <Select
                className="list-filter-field"
                placeholder="全部等级"
                allowClear
                aria-label="代理等级"
                options={AGENT_LEVELS.filter((l) => l >= agent.agentLevel).map((l) => ({
                  value: l,
                  label: levelLabel(l),
                }))}
              />
            </Form.Item>
          </>
        }
      />
      {operator ? <AdjustBalanceDialog member={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </>
  );
}
