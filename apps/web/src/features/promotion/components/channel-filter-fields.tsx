import type { AgentInfo } from '@agent-console/contract/agent';
import {
  APPLY_STATE_VALUES,
  ApplyStateLabels,
  CHANNEL_KIND_VALUES,
  ChannelKindLabels,
  PACKING_STATE_VALUES,
  PackingStateLabels,
} from '@agent-console/contract/promotion';
import { Form, Select } from 'antd';
// antd's plain Input, without the Password, Search, TextArea and OTP that `Input` from 'antd' carries.
import Input from 'antd/es/input/Input';
import { LazyAgentTreeSelect, LazyDateRangePicker } from '../../../components/lazy-fields';

/** The created range field of the filter form and the two filter keys it holds. */
export const CHANNEL_FILTER_RANGES = { range: ['startTime', 'endTime'] } as const;

const options = <K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

/** The filters of the channel list: name, code, net bar, kind, states, agent tree, created range. */
export function ChannelFilterFields({ agent }: { agent: Pick<AgentInfo, 'id' | 'structuredPid'> }) {
  return (
    <>
      <Form.Item name="channelName" label="渠道名称">
        <Input className="list-filter-field" placeholder="请输入渠道名称" allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="code" label="渠道编号">
        <Input className="list-filter-field" placeholder="请输入渠道编号" allowClear maxLength={32} />
      </Form.Item>
      <Form.Item name="netBarName" label="网吧名称">
        <Input className="list-filter-field" placeholder="请输入网吧名称" allowClear maxLength={100} />
      </Form.Item>
      <Form.Item name="kind" label="渠道类型">
        <Select
          className="list-filter-field"
          placeholder="全部类型"
          allowClear
          options={options(CHANNEL_KIND_VALUES, ChannelKindLabels)}
        />
      </Form.Item>
      <Form.Item name="applyState" label="审核状态">
        <Select
          className="list-filter-field"
          placeholder="全部状态"
          allowClear
          options={options(APPLY_STATE_VALUES, ApplyStateLabels)}
        />
      </Form.Item>
      <Form.Item name="packingState" label="打包状态">
        <Select
          className="list-filter-field"
          placeholder="全部状态"
          allowClear
          options={options(PACKING_STATE_VALUES, PackingStateLabels)}
        />
      </Form.Item>
      <Form.Item name="pid" label="所属代理">
        <LazyAgentTreeSelect className="list-filter-field" tree={agent.structuredPid} selfId={agent.id} />
      </Form.Item>
      <Form.Item name="range" label="创建时间">
        <LazyDateRangePicker className="list-filter-range" />
      </Form.Item>
    </>
  );
}
