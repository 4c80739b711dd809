import { formatYuan } from '@agent-console/contract/money';
import {
  type ChannelUserItem,
  type ChannelUserTotals,
  exportUsersPage,
  queryUsersPage,
  queryUsersTotal,
} from '@agent-console/contract/orders';
import { Form, Select, type TableColumnsType } from 'antd';
import Input from 'antd/es/input/Input';
import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { LazyDateRangePicker } from '../../../components/lazy-fields';
import { ListPage } from '../../../components/list-page';
import { formatTime } from '../../../lib/format';
import { last30Days, RANGE_FIELDS } from '../../../lib/list-dates';
import { useAgentInfo } from '../../../lib/session';
import { columnsWidth } from '../../../lib/table-width';
import { useList } from '../../../lib/use-list';
import { terminalLabel, terminalOptions } from '../order-labels';
import { PlaceFilterFields } from './place-filter-fields';
import '../orders.css';

const columns: TableColumnsType<ChannelUserItem> = [
  { title: '用户ID', dataIndex: 'userId', width: 120, fixed: 'left' },
  { title: '手机号', dataIndex: 'mobilePhone', width: 130 },
  {
    title: '渠道',
    dataIndex: 'channelName',
    width: 140,
    ellipsis: true,
    render: (v: string | null) => v ?? '—',
  },
  {
    title: '网吧',
    dataIndex: 'netBarName',
    width: 160,
    ellipsis: true,
    render: (v: string | null) => v ?? '—',
  },
  { title: '地区', dataIndex: 'areaName', width: 180, ellipsis: true, render: (v: string) => v || '—' },
  { title: '所属代理', dataIndex: 'agentName', width: 130, ellipsis: true },
  { title: '注册终端', dataIndex: 'terminalType', width: 100, render: terminalLabel },
  { title: '注册时间', dataIndex: 'registerTime', key: 'registerTime', width: 170, render: formatTime },
  { title: '订单数', dataIndex: 'orderCount', width: 90, align: 'right' },
  {
    title: '消费金额(元)',
    dataIndex: 'spentFen',
    width: 130,
    align: 'right',
    render: (v: number) => formatYuan(v),
  },
];

function UserTotals({ totals }: { totals: ChannelUserTotals }) {
  return (
    <>
      <span>
        用户数 <strong>{totals.userCount}</strong>
      </span>
      <span>
        订单数 <strong>{totals.orderCount}</strong>
      </span>
      <span>
        消费金额 <strong>{formatYuan(totals.spentFen)}</strong> 元
      </span>
    </>
  );
}

/** 用户明细: the channel users of the subtree (registered in the last 30 days by default), with filters, totals and export. */
export function UserList() {
  const agent = useAgentInfo();
  const list = useList(queryUsersPage, { totals: queryUsersTotal, defaults: last30Days });
  return (
    <ListPage
      title="用户明细"
      list={list}
      rowKey="id"
      filters={
        <>
          <Form.Item name="range" label="注册时间">
            <LazyDateRangePicker className="list-filter-range" />
          </Form.Item>
          <Form.Item name="terminalType" label="注册终端">
            <Select
              className="list-filter-field"
              placeholder="全部终端"
              allowClear
              options={terminalOptions}
            />
          </Form.Item>
          <PlaceFilterFields agent={agent} />
          <Form.Item name="userId" label="用户ID">
            <Input className="list-filter-field" placeholder="请输入用户ID" allowClear maxLength={16} />
          </Form.Item>
        </>
      }
      ranges={RANGE_FIELDS}
      normalize={withoutTreeRoot}
      totals={list.totals ? <UserTotals totals={list.totals} /> : null}
      exportEndpoint={exportUsersPage}
      columns={columns}
      scroll={{ x: columnsWidth(columns) }}
    />
  );
}
