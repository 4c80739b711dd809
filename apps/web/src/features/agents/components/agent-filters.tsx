import { AGENT_LEVELS, type AgentInfo } from '@agent-console/contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { AgentTreeSelect } from '../../../components/agent-tree-select';
import { AreaCascader } from '../../../components/area-cascader';
import { DateRangePicker } from '../../../components/date-range-picker';
import { levelLabel } from '../../../lib/format';
import type { AgentFilterValues } from '../agent-list-filters';
import './agents.css';

/** The levels below the caller's: the only ones its list can hold. */
export const levelOptionsBelow = (level: number) =>
  AGENT_LEVELS.filter((l) => l > level).map((l) => ({ value: l, label: levelLabel(l) }));

/**
 * The filters of the agent list: name, phone, level, area (the caller's region tree), agent tree
 * (structuredPid) and created date range. The form shows the filters of the URL.
 */
export function AgentFilters({
  agent,
  values,
  loading,
  onSubmit,
  onClear,
}: {
  agent: Pick<AgentInfo, 'agentLevel' | 'structuredAreaInfo' | 'structuredPid'>;
  values: AgentFilterValues;
  loading: boolean;
  onSubmit: (values: AgentFilterValues) => void;
  onClear: () => void;
}) {
  const [form] = Form.useForm<AgentFilterValues>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
  }, [form, values]);

  return (
    <Form<AgentFilterValues>
      name="agent-filters"
      form={form}
      layout="inline"
      className="agent-filters"
      initialValues={values}
      onFinish={onSubmit}
    >
      <Form.Item name="agentName" label="代理名称">
        <Input className="agent-filter-field" placeholder="请输入代理名称" allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="mobilePhone" label="手机号">
        <Input className="agent-filter-field" placeholder="请输入手机号" allowClear maxLength={11} />
      </Form.Item>
      <Form.Item name="agentLevel" label="代理等级">
        <Select
          className="agent-filter-field"
          placeholder="全部等级"
          allowClear
          options={levelOptionsBelow(agent.agentLevel)}
        />
      </Form.Item>
      <Form.Item name="areaKey" label="地区">
        <AreaCascader className="agent-filter-field" options={agent.structuredAreaInfo} />
      </Form.Item>
      <Form.Item name="pid" label="所属代理">
        <AgentTreeSelect className="agent-filter-field" tree={agent.structuredPid} />
      </Form.Item>
      <Form.Item name="range" label="创建时间">
        <DateRangePicker className="agent-filter-range" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={loading}>
            查询
          </Button>
          <Button onClick={onClear} disabled={loading}>
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
