import type { AgentInfo } from '@agent-console/contract/agent';
import { ORDER_TIME_TYPES, OrderTimeTypeLabels } from '@agent-console/contract/orders';
import { Form, Select, Space } from 'antd';
import Input from 'antd/es/input/Input';
import { LazyDateRangePicker } from '../../../components/lazy-fields';
import { sourceOptions, statusOptions, terminalOptions } from '../order-labels';
import { PlaceFilterFields } from './place-filter-fields';

const timeTypeOptions = ORDER_TIME_TYPES.map((value) => ({ value, label: OrderTimeTypeLabels[value] }));

/** The order list's filters (spec: time type and range, source, status, area, agent tree, net bar, channel). */
export function OrderFilterFields({ agent }: { agent: Pick<AgentInfo, 'id' | 'structuredPid'> }) {
  return (
    <>
      <Form.Item label="时间">
        <Space.Compact>
          <Form.Item name="timeType" noStyle>
            <Select className="order-time-type" options={timeTypeOptions} aria-label="时间类型" />
          </Form.Item>
          <Form.Item name="range" noStyle>
            <LazyDateRangePicker className="list-filter-range" type="datetimerange" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="orderSource" label="订单来源">
        <Select className="list-filter-field" placeholder="全部来源" allowClear options={sourceOptions} />
      </Form.Item>
      <Form.Item name="status" label="订单状态">
        <Select className="list-filter-field" placeholder="全部状态" allowClear options={statusOptions} />
      </Form.Item>
      <Form.Item name="terminalType" label="终端类型">
        <Select className="list-filter-field" placeholder="全部终端" allowClear options={terminalOptions} />
      </Form.Item>
      <PlaceFilterFields agent={agent} />
      <Form.Item name="orderNo" label="订单号">
        <Input className="list-filter-field" placeholder="请输入完整订单号" allowClear maxLength={40} />
      </Form.Item>
      <Form.Item name="userId" label="用户ID">
        <Input className="list-filter-field" placeholder="请输入用户ID" allowClear maxLength={16} />
      </Form.Item>
    </>
  );
}
