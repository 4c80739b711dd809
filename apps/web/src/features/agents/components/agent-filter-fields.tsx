import type { AgentInfo } from '@agent-console/contract/agent';
import { AGENT_LEVELS } from '@agent-console/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
// antd's plain Input, without the Password, Search, TextArea and OTP that `Input` from 'antd' carries.
import Input from 'antd/es/input/Input';
import { LazyAgentTreeSelect, LazyAreaCascader, LazyDateRangePicker } from '../../../components/lazy-fields';
import { levelLabel } from '../../../lib/format';
import { structuredAreaInfoQuery } from '../../../lib/session';

/** The levels below the caller's: the only ones its list can hold. */
export const levelOptionsBelow = (level: number) =>
  AGENT_LEVELS.filter((l) => l > level).map((l) => ({ value: l, label: levelLabel(l) }));

/** The created range field of the filter form and the two filter keys it holds. */
export const AGENT_FILTER_RANGES = { range: ['startTime', 'endTime'] } as const;

/**
 * The filters of the agent list: name, phone, level, area (the caller's region tree, loaded here), agent tree
 * (structuredPid's top, the sub-agents loaded on demand) and created date range.
 */
export function AgentFilterFields({
  agent,
}: {
  agent: Pick<AgentInfo, 'id' | 'agentLevel' | 'structuredPid'>;
}) {
  const areas = useQuery(structuredAreaInfoQuery());
  return (
    <>
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
          options={levelOptionsBelow(agent.agentLevel)}
        />
      </Form.Item>
      <Form.Item name="areaKey" label="地区">
        <LazyAreaCascader className="list-filter-field" options={areas.data ?? []} />
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
