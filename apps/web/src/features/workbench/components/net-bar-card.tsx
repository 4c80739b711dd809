import { formatDateTime, todayRange } from '@agent-console/contract/dates';
import { filtersToStrings } from '@agent-console/contract/list';
import { queryWebNetBarPage, WEB_QUERY_TERMINAL } from '@agent-console/contract/promotion';
import { useState } from 'react';
import type { WireRange } from '../../../components/date-range-picker';
import { LazyDateRangePicker } from '../../../components/lazy-fields';
import { LIST_CARD_TITLES } from '../list-cards';
import { FirstRowsCard } from './first-rows-card';
import { netBarColumns } from './list-columns';

/** Today, 00:00:00 to 23:59:59 (spec sections 3 and 9: the net bar query's default). */
export const todayWireRange = (now = new Date()): WireRange => {
  const [start, end] = todayRange(now);
  return [formatDateTime(start), formatDateTime(end)];
};

/**
 * 网吧列表: the net bars of the subtree with their users and orders over a range (default today),
 * as 网页推广管理 lists them (the web query: terminal 3); 查看全部 opens that screen on the same range.
 */
export function NetBarCard({ to }: { to: string }) {
  const [range, setRange] = useState<WireRange>(() => todayWireRange());
  const filters = { startTime: range[0], endTime: range[1], terminal: WEB_QUERY_TERMINAL };
  return (
    <FirstRowsCard
      title={LIST_CARD_TITLES.netBars}
      to={`${to}?${new URLSearchParams(filtersToStrings(filters)).toString()}`}
      endpoint={queryWebNetBarPage}
      filters={filters}
      columns={netBarColumns}
      rowKey={(r) => r.netBarId}
      testId="workbench-net-bars"
      head={
        <div className="workbench-card-filter">
          <span className="workbench-card-filter-label">统计时间</span>
          <LazyDateRangePicker
            className="workbench-range"
            value={range}
            allowClear={false}
            onChange={(next) => {
              if (next) setRange(next);
            }}
          />
        </div>
      }
    />
  );
}
