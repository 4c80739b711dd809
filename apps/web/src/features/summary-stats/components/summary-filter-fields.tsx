import type { AgentInfo } from '@agent-console/contract/agent';
import { TimeTypeLabels } from '@agent-console/contract/enums';
import {
  AREA_DIMENSIONS,
  AreaDimensionLabels,
  SUMMARY_TIME_TYPES,
} from '@agent-console/contract/summary-stats';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Segmented } from 'antd';
import { LazyAgentTreeSelect, LazyAreaCascader, LazyDateRangePicker } from '../../../components/lazy-fields';
import { RecordPicker } from '../../../components/record-picker';
import { structuredAreaInfoQuery } from '../../../lib/session';
import { NO_AREA_DIMENSION } from '../summary-filters';

const timeTypeOptions = SUMMARY_TIME_TYPES.map((value) => ({ value, label: TimeTypeLabels[value] }));
const areaDimensionOptions = [
  { value: NO_AREA_DIMENSION, label: '不分' },
  ...AREA_DIMENSIONS.map((value) => ({ value, label: AreaDimensionLabels[value] })),
];

/**
 * The filters of the summary statistics (spec section 3): granularity, range, area, agent tree,
 * channel, and the dimensions of the rows. Granularity and dimensions apply as they change (they
 * reshape the table and the charts), not while a load runs; the others with 查询.
 */
export function SummaryFilterFields({
  agent,
  loading,
}: {
  agent: Pick<AgentInfo, 'id' | 'structuredPid'>;
  /** While the list loads a new query is ignored: the fields that apply at once wait. */
  loading: boolean;
}) {
  const form = Form.useFormInstance();
  const areas = useQuery(structuredAreaInfoQuery());
  const apply = () => form.submit();
  return (
    <>
      <Form.Item name="timeType" label="统计方式">
        <Segmented options={timeTypeOptions} onChange={apply} disabled={loading} aria-label="统计方式" />
      </Form.Item>
      <Form.Item name="range" label="统计时间">
        <LazyDateRangePicker className="list-filter-range" />
      </Form.Item>
      <Form.Item name="area" label="地区">
        <LazyAreaCascader className="list-filter-field" options={areas.data ?? []} />
      </Form.Item>
      <Form.Item name="agent" label="所属代理">
        <LazyAgentTreeSelect className="list-filter-field" tree={agent.structuredPid} selfId={agent.id} />
      </Form.Item>
      <Form.Item name="channelId" label="渠道">
        <RecordPicker kind="channel" className="list-filter-field" />
      </Form.Item>
      <Form.Item name="areaDimension" label="地区维度">
        <Segmented options={areaDimensionOptions} onChange={apply} disabled={loading} aria-label="地区维度" />
      </Form.Item>
      <Form.Item name="agentDimension" label="代理维度" valuePropName="checked">
        <Checkbox onChange={apply} disabled={loading}>
          按下级代理
        </Checkbox>
      </Form.Item>
    </>
  );
}
