import {
  exportSummaryStats,
  querySummaryStatsPage,
  type SummarySourceType,
  totalSummaryStats,
} from '@agent-console/contract/summary-stats';
import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { ListPage } from '../../../components/list-page';
import { RANGE_FIELDS } from '../../../lib/list-dates';
import { useAgentInfo } from '../../../lib/session';
import { columnsWidth } from '../../../lib/table-width';
import { useList } from '../../../lib/use-list';
import { fixedFiltersOf, summaryDefaults, summaryFormOf, summaryQueryOf, titleOf } from '../summary-filters';
import { measuresOf } from '../summary-measures';
import { SummaryCharts } from './summary-charts';
import { type ColumnsSpec, SummaryTableTotals, summaryColumns, summaryRowKey } from './summary-columns';
import { SummaryFilterFields } from './summary-filter-fields';
import { SummaryTotals } from './summary-totals';
import '../summary-stats.css';

type View = 'chart' | 'table';
const VIEWS = [
  { value: 'chart' as const, label: '图表', icon: <BarChartOutlined /> },
  { value: 'table' as const, label: '表格', icon: <TableOutlined /> },
];

/**
 * 客户端数据统计 (no sourceType: every terminal), 网页汇总统计 (2) and APP汇总统计 (3): the business
 * of the caller's subtree by day or month (issue 11), one list over the contract's summaryStatsList
 * with its filters in the URL, the totals of the whole range (合计, with the rollups' update time),
 * the export, and two views: the charts (trend and split of a measure) or the table.
 */
export function SummaryStatsScreen({ sourceType }: { sourceType?: SummarySourceType }) {
  const agent = useAgentInfo();
  const measures = measuresOf(sourceType);
  const fixed = useMemo(() => fixedFiltersOf(sourceType), [sourceType]);
  const list = useList(querySummaryStatsPage, {
    totals: totalSummaryStats,
    defaults: summaryDefaults,
    fixed,
  });
  const [view, setView] = useState<View>('chart');
  const { query, totals } = list;
  const spec: ColumnsSpec = {
    timeType: query.timeType ?? '10',
    areaDimension: query.areaDimension,
    agentDimension: query.agentDimension === true,
    measures,
  };
  const columns = summaryColumns(spec);
  return (
    <ListPage
      className="summary-stats"
      title={titleOf(sourceType)}
      extra={<Segmented<View> options={VIEWS} value={view} onChange={setView} aria-label="视图" />}
      list={list}
      rowKey={summaryRowKey}
      filters={<SummaryFilterFields agent={agent} loading={list.loading} />}
      ranges={RANGE_FIELDS}
      normalize={summaryQueryOf}
      denormalize={summaryFormOf}
      totals={totals ? <SummaryTotals totals={totals} measures={measures} /> : null}
      exportEndpoint={exportSummaryStats}
      columns={columns}
      scroll={{ x: columnsWidth(columns) }}
      {...(totals
        ? { tableSummary: () => <SummaryTableTotals figures={totals.summaryData} spec={spec} /> }
        : {})}
      view={
        view === 'chart' ? (
          <SummaryCharts query={query} reloadCount={list.reloadCount} measures={measures} />
        ) : undefined
      }
    />
  );
}
