import {
  DEVICE_DAY_MIN_MINUTES,
  type DeviceMonthStat,
  type DeviceMonthTotals,
  exportDeviceMonthStatistic,
  queryDeviceMonthStatistic,
  totalDeviceMonthStatistic,
} from '@agent-console/contract/devices';
import { formatYuan } from '@agent-console/contract/money';
import { Button, Form, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { LazyAgentTreeSelect } from '../../../components/lazy-fields';
import { ListPage } from '../../../components/list-page';
import { formatTime, levelLabel } from '../../../lib/format';
import { useAgentInfo } from '../../../lib/session';
import { columnsWidth } from '../../../lib/table-width';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';
import { useSettleDeviceMonth } from '../api/devices';
import { canSettle, lastSixMonths, recentMonths, settleStatusOf } from '../device-labels';
import { DeviceDetailDialog } from './device-detail-dialog';
import '../devices.css';

const statusOptions = [
  { value: 0, label: '未结算' },
  { value: 1, label: '已结算' },
];

function DeviceTotals({ totals }: { totals: DeviceMonthTotals }) {
  return (
    <>
      <span>
        代理月份 <strong>{totals.rowCount}</strong>
      </span>
      <span>
        网吧 <strong>{totals.netBarCount}</strong>
      </span>
      <span>
        设备 <strong>{totals.deviceCount}</strong>
      </span>
      <span>
        有效设备 <strong>{totals.validDeviceCount}</strong>
      </span>
      <span>
        结算金额 <strong>{formatYuan(totals.settlementAmount)}</strong> 元
      </span>
      <span>
        已结算 <strong>{formatYuan(totals.settledAmount)}</strong> 元
      </span>
      <span>
        未结算 <strong>{formatYuan(totals.unsettledAmount)}</strong> 元
      </span>
    </>
  );
}

/**
 * 有效设备统计 (setSettleAuthority): per agent that signed the net bars and month, the devices seen,
 * those valid under the operator's rule, the settlement amount and its status; 明细 shows the
 * devices; the operator (level 0) settles a closed month with 结算, after a confirmation.
 */
export function DeviceStatList({
  normalize,
}: {
  /** Form values → the query: the agent tree's root (全部) left out (the route passes the house's). */
  normalize: (query: Record<string, unknown>) => Record<string, unknown>;
}) {
  const agent = useAgentInfo();
  const list = useList(queryDeviceMonthStatistic, {
    totals: totalDeviceMonthStatistic,
    defaults: lastSixMonths,
  });
  const settle = useSettleDeviceMonth();
  const [detailOf, setDetailOf] = useState<DeviceMonthStat | null>(null);
  const monthOptions = useMemo(() => recentMonths().map((m) => ({ value: m, label: m })), []);

  const columns: TableColumnsType<DeviceMonthStat> = [
    { title: '月份', dataIndex: 'month', key: 'month', width: 100, fixed: 'left' },
    {
      title: '代理',
      key: 'agent',
      width: 150,
      render: (_, r) => (
        <>
          <div>{r.agentName}</div>
          <div className="device-sub-text">{levelLabel(r.agentLevel)}</div>
        </>
      ),
    },
    { title: '网吧数', dataIndex: 'netBarCount', width: 80, align: 'right' },
    { title: '设备数', dataIndex: 'deviceCount', width: 80, align: 'right' },
    {
      title: '有效设备数',
      dataIndex: 'validDeviceCount',
      key: 'validDeviceCount',
      width: 120,
      align: 'right',
      render: (v: number, r) => (
        <>
          <div>{v}</div>
          <div className="device-sub-text">≥{r.minDays}天</div>
        </>
      ),
    },
    {
      title: '每台金额(元)',
      dataIndex: 'amountPerDevice',
      width: 110,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
    {
      title: '结算金额(元)',
      dataIndex: 'settlementAmount',
      width: 120,
      align: 'right',
      render: (v: number, r) => (
        <>
          <div>{formatYuan(v)}</div>
          {r.status === 1 ? (
            <div className="device-sub-text">按 {r.settledValidDeviceCount} 台结算</div>
          ) : null}
        </>
      ),
    },
    {
      title: '结算状态',
      key: 'status',
      width: 110,
      render: (_, r) => {
        const s = settleStatusOf(r);
        return <Tag color={s.color}>{s.text}</Tag>;
      },
    },
    {
      title: '结算时间',
      key: 'settleTime',
      width: 170,
      render: (_, r) =>
        r.settleTime ? (
          <>
            <div>{formatTime(r.settleTime)}</div>
            <div className="device-sub-text">{r.settledByName}</div>
          </>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailOf(row)}>
            明细
          </Button>
          {canSettle(agent, row) ? (
            <Popconfirm
              title={`确定结算 ${row.agentName} ${row.month} 的有效设备？`}
              description={`${row.validDeviceCount} 台 × ${formatYuan(row.amountPerDevice)} 元 = ${formatYuan(row.settlementAmount)} 元，计入其可提现余额，结算后不可撤销`}
              okText="确定结算"
              cancelText="取消"
              onConfirm={() =>
                runAction(() => settle.mutateAsync({ agentId: row.agentId, month: row.month }), {
                  success: '结算成功',
                })
              }
            >
              <Button type="link" size="small">
                结算
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="有效设备统计"
        list={list}
        rowKey="key"
        notice={
          <p className="device-rule-notice">
            有效设备：当月在线天数达到标准的设备（每天在线不少于 {DEVICE_DAY_MIN_MINUTES}{' '}
            分钟计为一天）；只有已结束的月份可以结算。
          </p>
        }
        filters={
          <>
            <Form.Item name="startMonth" label="开始月份">
              <Select className="device-month-select" options={monthOptions} allowClear placeholder="不限" />
            </Form.Item>
            <Form.Item name="endMonth" label="结束月份">
              <Select className="device-month-select" options={monthOptions} allowClear placeholder="不限" />
            </Form.Item>
            <Form.Item name="pid" label="所属代理">
              <LazyAgentTreeSelect
                className="list-filter-field"
                tree={agent.structuredPid}
                selfId={agent.id}
              />
            </Form.Item>
            <Form.Item name="status" label="结算状态">
              <Select
                className="device-status-select"
                options={statusOptions}
                allowClear
                placeholder="全部"
              />
            </Form.Item>
          </>
        }
        normalize={normalize}
        totals={list.totals ? <DeviceTotals totals={list.totals} /> : null}
        exportEndpoint={exportDeviceMonthStatistic}
        columns={columns}
        scroll={{ x: columnsWidth(columns) }}
      />
      <DeviceDetailDialog row={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}
