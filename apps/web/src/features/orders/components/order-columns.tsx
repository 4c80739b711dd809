import { formatYuan } from '@agent-console/contract/money';
import type { OrderBarItem } from '@agent-console/contract/orders';
import { Button, type TableColumnsType, Tag } from 'antd';
import { formatTime } from '../../../lib/format';
import { columnsWidth } from '../../../lib/table-width';
import { STATUS_COLORS, sourceLabel, statusLabel, terminalLabel } from '../order-labels';

/** The columns of 订单明细, amounts in yuan with two decimals. */
export function orderColumns(onDetail: (row: OrderBarItem) => void): TableColumnsType<OrderBarItem> {
  return [
    { title: '订单号', dataIndex: 'orderNo', width: 170, fixed: 'left' },
    {
      title: '用户',
      key: 'user',
      width: 130,
      render: (_, r) => (
        <>
          <div>{r.userId}</div>
          <div className="order-sub">{r.mobilePhone}</div>
        </>
      ),
    },
    { title: '游戏', dataIndex: 'gameName', width: 110, ellipsis: true },
    { title: '网吧', dataIndex: 'netBarName', width: 150, ellipsis: true },
    {
      title: '渠道',
      dataIndex: 'channelName',
      width: 120,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { title: '所属代理', dataIndex: 'agentName', width: 120, ellipsis: true },
    { title: '订单来源', dataIndex: 'orderSource', width: 100, render: sourceLabel },
    { title: '终端', dataIndex: 'terminalType', width: 90, render: terminalLabel },
    {
      title: '支付金额(元)',
      dataIndex: 'amountFen',
      width: 120,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
    {
      title: '加价金额(元)',
      dataIndex: 'priceIncreaseFen',
      width: 120,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
    {
      title: '订单状态',
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <Tag color={STATUS_COLORS[v]}>{statusLabel(v)}</Tag>,
    },
    { title: '下单时间', dataIndex: 'createTime', key: 'createTime', width: 170, render: formatTime },
    { title: '支付时间', dataIndex: 'payTime', width: 170, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onDetail(r)}>
          详情
        </Button>
      ),
    },
  ];
}

/** The order table's scroll width: its columns side by side (it scrolls sideways at 1440 px). */
export const ORDER_TABLE_WIDTH = columnsWidth(orderColumns(() => undefined));
