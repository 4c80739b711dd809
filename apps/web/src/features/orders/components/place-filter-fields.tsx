import type { AgentInfo } from '@agent-console/contract/agent';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { LazyAgentTreeSelect, LazyAreaCascader } from '../../../components/lazy-fields';
import { RecordPicker } from '../../../components/record-picker';
import { structuredAreaInfoQuery } from '../../../lib/session';

/** Where the records are: area, agent tree (structuredPid), net bar and channel (of that net bar when one is picked). */
export function PlaceFilterFields({ agent }: { agent: Pick<AgentInfo, 'id' | 'structuredPid'> }) {
  const areas = useQuery(structuredAreaInfoQuery());
  const netBarId = Form.useWatch<number | undefined>('netBarId');
  return (
    <>
      <Form.Item name="areaKey" label="地区">
        <LazyAreaCascader className="list-filter-field" options={areas.data ?? []} />
      </Form.Item>
      <Form.Item name="pid" label="所属代理">
        <LazyAgentTreeSelect className="list-filter-field" tree={agent.structuredPid} selfId={agent.id} />
      </Form.Item>
      <Form.Item name="netBarId" label="网吧">
        <RecordPicker kind="netBar" className="list-filter-field" />
      </Form.Item>
      <Form.Item name="channelId" label="渠道">
        <RecordPicker kind="channel" netBarId={netBarId} className="list-filter-field" />
      </Form.Item>
    </>
  );
}
