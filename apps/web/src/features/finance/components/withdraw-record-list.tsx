import {
  queryWithdrawRecords,
  WithdrawChannelLabels,
  type WithdrawRecord,
} from '@agent-console/contract/withdrawals';
import { Button, Popconfirm, type TableColumnsType, Tag } from 'antd';
import type { ReactNode } from 'react';
import { ListPage } from '../../../components/list-page';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import { columnsWidth } from '../../../lib/table-width';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';
import { useCancelWithdrawal } from '../api/finance';
import { stageColor, stageText } from '../withdraw-labels';
import { WITHDRAW_RANGES, WithdrawFilterFields, yuanCell } from './withdraw-cells';
import './finance.css';

/** 财务管理's withdraw records: the caller's own withdrawals, newest first; a pending one may be cancelled. */
export function WithdrawRecordList({ extra }: { extra?: ReactNode } = {}) {
  const list = useList(queryWithdrawRecords);
  const cancel = useCancelWithdrawal();
  const columns: TableColumnsType<WithdrawRecord> = [
    {
      title: '申请时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 110,
      render: (t: string) => <TimeCell value={t} />,
    },
    {
      title: '提现金额（元）',
      dataIndex: 'amount',
      key: 'amount',
      width: 120,
      align: 'right',
      render: yuanCell,
    },
    { title: '手续费（元）', dataIndex: 'fee', width: 100, align: 'right', render: yuanCell },
    { title: '实际到账（元）', dataIndex: 'actualAmount', width: 120, align: 'right', render: yuanCell },
    {
      title: '收款账户',
      key: 'account',
      width: 190,
      render: (_, row) => `${WithdrawChannelLabels[row.channel]} ${row.accountNo}（${row.realName}）`,
    },
    {
      title: '状态',
      dataIndex: 'stage',
      width: 130,
      render: (_, row) => <Tag color={stageColor(row.stage)}>{stageText(row.stage, row.status)}</Tag>,
    },
    { title: '说明', dataIndex: 'reason', ellipsis: { showTitle: false }, render: ellipsisCell },
    {
      title: '完成时间',
      dataIndex: 'finishTime',
      width: 110,
      render: (t: string | null) => <TimeCell value={t} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) =>
        row.stage === 'pending' ? (
          <Popconfirm
            title="确定取消这笔提现？"
            description="取消后金额退回可提现余额"
            okText="确定"
            cancelText="再想想"
            onConfirm={() => runAction(() => cancel.mutateAsync(row.id), { success: '已取消提现' })}
          >
            <Button type="link" size="small" danger>
              取消
            </Button>
          </Popconfirm>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <ListPage
      title="提现记录"
      extra={extra}
      list={list}
      rowKey="id"
      columns={columns}
      ranges={WITHDRAW_RANGES}
      scroll={{ x: columnsWidth(columns, 140) }}
      filters={<WithdrawFilterFields statusClassName="list-filter-field" />}
    />
  );
}
