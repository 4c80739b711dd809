import type { AnyListDef, ListRowOf } from '@agent-console/contract/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListCall, ListQuery } from '../../../lib/use-list';
import { FIRST_ROWS, firstRowsQuery } from '../api/get-first-rows';
import { type MiniColumn, MiniTable } from './mini-table';
import { cardLoad, WorkbenchCard } from './workbench-card';

export interface FirstRowsCardProps<L extends AnyListDef> {
  title: string;
  /** The list's screen. */
  to: string;
  endpoint: ListCall<L>;
  /** The filters of the rows shown (the screen's defaults, or the card's own choice). */
  filters?: ListQuery<L>;
  columns: readonly MiniColumn<ListRowOf<L>>[];
  rowKey: (row: ListRowOf<L>) => string | number;
  rows?: number;
  /** Above the table (the card's own filter). */
  head?: ReactNode;
  testId?: string;
}

/**
 * A list card: the first rows of a list (its own call, silent like every list load), how many
 * there are in all, and 查看全部 to its screen. A new filter keeps the rows shown until the new
 * ones are there.
 */
export function FirstRowsCard<L extends AnyListDef>({
  title,
  to,
  endpoint,
  filters,
  columns,
  rowKey,
  rows = FIRST_ROWS,
  head,
  testId,
}: FirstRowsCardProps<L>) {
  const query = useQuery({ ...firstRowsQuery(endpoint, filters, rows), placeholderData: keepPreviousData });
  const load = cardLoad(query);
  return (
    <WorkbenchCard
      title={title}
      to={to}
      load={load}
      testId={testId}
      extra={
        query.data ? (
          <span className="workbench-card-count">共 {query.data.total.toLocaleString('zh-CN')} 条</span>
        ) : null
      }
    >
      {head}
      <MiniTable<ListRowOf<L>>
        columns={columns}
        rows={query.data?.rows ?? []}
        rowKey={rowKey}
        busy={query.isFetching && query.isPlaceholderData}
      />
    </WorkbenchCard>
  );
}
