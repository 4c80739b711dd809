import { DEFAULT_PAGE_SIZE } from '@agent-console/contract/constants';
import type { RequestOf } from '@agent-console/contract/endpoint';
import type { AnyListDef, ListRowOf } from '@agent-console/contract/list';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { ListCall, ListQuery } from '../../../lib/use-list';
import { inTurn } from './turns';

/** How many rows a list card shows. */
export const FIRST_ROWS = 5;

export interface FirstRows<L extends AnyListDef> {
  rows: ListRowOf<L>[];
  /** Every row of the filtered list (the page call's totalCount). */
  total: number;
}

/**
 * The first rows of a list: its page call as its screen makes it (first page, default size, the
 * card's filters), silent like every list load (spec section 8), taking its turn among the
 * workbench's list loads. Its key starts as the list's own (`[path, request]`, what `useList` keys
 * its page by), so that a change that reloads the list (`invalidateQueries({ queryKey: [path] })`,
 * e.g. a withdrawal) reloads the card too; its third part keeps the card's cache apart from the
 * screen's page, which loads and draws as it always does.
 */
export function firstRowsQuery<L extends AnyListDef>(
  endpoint: ListCall<L>,
  filters: ListQuery<L> = {},
  count = FIRST_ROWS,
) {
  const request = { ...filters, pageNum: 1, pageSize: DEFAULT_PAGE_SIZE } as RequestOf<ListCall<L>>;
  return queryOptions({
    queryKey: [endpoint.path, request, { workbenchRows: count }],
    queryFn: async ({ signal }): Promise<FirstRows<L>> => {
      const { object, totalCount } = await inTurn(() => call(endpoint, request, { silent: true, signal }));
      const rows = (Array.isArray(object) ? object : []) as ListRowOf<L>[];
      return { rows: rows.slice(0, count), total: totalCount ?? rows.length };
    },
  });
}
