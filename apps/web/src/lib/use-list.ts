import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@agent-console/contract/constants';
import type { AnyEndpoint, ObjectOf, RequestOf } from '@agent-console/contract/endpoint';
import {
  type AnyListDef,
  filtersToStrings,
  type ListQueryOf,
  type ListRowOf,
  type SortOrder,
  validFilters,
} from '@agent-console/contract/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { call } from './api-client';

/** A list's page call (contract `listEndpoint`) and its optional totals call (`totalsEndpoint`). */
export type ListCall<L extends AnyListDef = AnyListDef> = AnyEndpoint & { readonly list: L };

/** The filters and sort of a list as the URL holds them. */
export type ListQuery<L extends AnyListDef> = Partial<ListQueryOf<L>>;

export interface ListState<L extends AnyListDef> {
  query: ListQuery<L>;
  pageNum: number;
  pageSize: number;
}

const PAGE_PARAM = 'pageNum';
const SIZE_PARAM = 'pageSize';

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
};

/**
 * Reads a list's state from the URL with the list's own filter schema: every filter that is valid on
 * its own is kept, anything else (a hand-edited or outdated URL) falls back to the defaults.
 */
export function readListState<L extends AnyListDef>(
  list: L,
  params: URLSearchParams,
  defaults: () => ListQuery<L> = () => ({}),
): ListState<L> {
  const size = positiveInt(params.get(SIZE_PARAM));
  const given = validFilters(list, Object.fromEntries(params));
  return {
    // A list opened without any filter in its URL starts from its defaults (e.g. the last 30 days).
    query: Object.keys(given).length > 0 || [...params.keys()].length > 0 ? given : defaults(),
    pageNum: positiveInt(params.get(PAGE_PARAM)) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The URL of a state: defaults (page 1, 30 a page) and empty filters are left out. */
export function writeListState<L extends AnyListDef>({
  query,
  pageNum,
  pageSize,
}: ListState<L>): URLSearchParams {
  const params = new URLSearchParams(filtersToStrings(query));
  if (pageNum !== 1) params.set(PAGE_PARAM, String(pageNum));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set(SIZE_PARAM, String(pageSize));
  return params;
}

/** What the list's pager (components/list-pager) needs. */
export interface PagerState {
  current: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
}

/**
 * The one list hook (spec sections 4, 8 and 9), driven by the list's declaration in the contract:
 * filters, sort, page and page size live in the URL, so a list can be bookmarked, shared and
 * restored by its tab (search state saved and restored). Submitting a search goes back to page 1
 * and always loads (also with unchanged filters); clearing resets and reloads. While a load is in
 * flight a new one is ignored (the actions return false); a failed load clears the flag, keeps the
 * query and the rows of the last good load, and says nothing (list loads fail silently). With a
 * totals call, the totals of the whole filtered set load beside the page.
 *
 * A view that its tab keeps mounted while another screen shows reads the URL of that screen: the
 * state is frozen to the last one seen on its own path.
 */
export function useList<L extends AnyListDef, T extends ListCall<L> | undefined = undefined>(
  endpoint: ListCall<L>,
  options: {
    totals?: T;
    /** The filters a list starts from and that 重置 goes back to (spec: e.g. the last 30 days). */
    defaults?: () => ListQuery<L>;
    /**
     * Filters the screen sets itself (e.g. the summary statistics' sourceType): sent with every
     * call (page, totals, export) over what the URL says, never kept in the URL. A key set to
     * undefined is never sent, whatever the URL holds.
     */
    fixed?: ListQuery<L>;
  } = {},
) {
  const { list } = endpoint;
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const ownPath = useRef(pathname);
  const frozen = useRef<{ search: string; state: ListState<L> } | null>(null);
  const search = searchParams.toString();
  // The same object while the URL is unchanged, so that screens may depend on it.
  if (frozen.current === null || (pathname === ownPath.current && frozen.current.search !== search)) {
    frozen.current = { search, state: readListState(list, searchParams, options.defaults) };
  }
  const state = frozen.current.state;
  // The same object while the URL and the fixed filters are unchanged, as the URL's state.
  const fixedKey = options.fixed ? JSON.stringify(options.fixed) : '';
  const fixedRef = useRef(options.fixed);
  fixedRef.current = options.fixed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fixed filters are compared by value (fixedKey)
  const query = useMemo(
    (): ListQuery<L> => (fixedRef.current ? { ...state.query, ...fixedRef.current } : state.query),
    [state.query, fixedKey],
  );

  const request = { ...query, pageNum: state.pageNum, pageSize: state.pageSize } as RequestOf<
    typeof endpoint
  >;
  const page = useQuery({
    queryKey: [endpoint.path, request],
    queryFn: ({ signal }) => call(endpoint, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const totalsCall = options.totals;
  const totals = useQuery({
    queryKey: [totalsCall?.path, query],
    queryFn: ({ signal }) =>
      totalsCall
        ? call(totalsCall, query as RequestOf<NonNullable<T>>, { silent: true, signal })
        : Promise.resolve(null),
    enabled: totalsCall !== undefined,
    placeholderData: keepPreviousData,
  });

  // The rows of the last successful load: a failed load keeps showing them.
  const lastGood = useRef<{ rows: ListRowOf<L>[]; total: number }>({ rows: [], total: 0 });
  if (page.data && !page.isPlaceholderData) {
    const rows = (Array.isArray(page.data.object) ? page.data.object : []) as ListRowOf<L>[];
    lastGood.current = { rows, total: page.data.totalCount ?? rows.length };
  }
  const loading = page.isFetching;
  const loadingRef = useRef(loading);
  loadingRef.current = loading;
  const stateRef = useRef(state);
  stateRef.current = state;
  const refetchPage = page.refetch;
  const refetchTotals = totals.refetch;
  const [reloadCount, setReloadCount] = useState(0);

  const reloadAll = useCallback(() => {
    void refetchPage();
    if (totalsCall) void refetchTotals();
    setReloadCount((n) => n + 1);
  }, [refetchPage, refetchTotals, totalsCall]);

  /** Moves to a state; the same state again reloads (a user pressing 查询 expects fresh data). */
  const go = useCallback(
    (next: ListState<L>): boolean => {
      if (loadingRef.current) return false;
      const params = writeListState(next);
      if (params.toString() === writeListState(stateRef.current).toString()) reloadAll();
      else setSearchParams(params);
      return true;
    },
    [setSearchParams, reloadAll],
  );

  /** New filters (the sort is kept): back to page 1. */
  const submit = useCallback(
    (filters: ListQuery<L>): boolean => {
      const { orderBy, order } = stateRef.current.query as { orderBy?: string; order?: SortOrder };
      const query = { ...filters, ...(orderBy ? { orderBy } : {}), ...(order ? { order } : {}) };
      return go({ ...stateRef.current, query: query as ListQuery<L>, pageNum: 1 });
    },
    [go],
  );

  /** Resets filters and sort to the list's defaults and reloads (also when nothing changed). */
  const defaultsRef = useRef(options.defaults);
  defaultsRef.current = options.defaults;
  const clear = useCallback(
    (): boolean =>
      go({ ...stateRef.current, query: defaultsRef.current?.() ?? ({} as ListQuery<L>), pageNum: 1 }),
    [go],
  );

  const changePage = useCallback(
    (pageNum: number, pageSize: number): boolean => {
      const current = stateRef.current;
      return go({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize });
    },
    [go],
  );

  /** A sort of the list's whitelist (or none: the list's default order), back to page 1. */
  const changeSort = useCallback(
    (field: string | undefined, order: SortOrder | undefined): boolean => {
      const { orderBy: _o, order: _d, ...filters } = stateRef.current.query as Record<string, unknown>;
      const allowed = field !== undefined && (list.sortFields as readonly string[]).includes(field);
      const query = allowed && order ? { ...filters, orderBy: field, order } : filters;
      return go({ ...stateRef.current, query: query as ListQuery<L>, pageNum: 1 });
    },
    [go, list.sortFields],
  );

  const reload = useCallback((): void => {
    if (!loadingRef.current) reloadAll();
  }, [reloadAll]);

  const pager: PagerState = {
    current: state.pageNum,
    pageSize: state.pageSize,
    total: lastGood.current.total,
    onChange: (p, size) => void changePage(p, size),
  };

  const sortState = state.query as { orderBy?: string; order?: SortOrder };
  const onTableChange: NonNullable<TableProps<ListRowOf<L>>['onChange']> = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
    const order = one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined;
    changeSort(field, order);
  };

  return {
    list,
    /** The filters and sort of every call: the URL's, with the fixed filters over them. */
    query,
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    rows: lastGood.current.rows,
    total: lastGood.current.total,
    loading,
    failed: page.isError,
    /** The totals of the whole filtered set (null without a totals call or before they load). */
    totals: (totals.data?.object ?? null) as T extends AnyEndpoint ? ObjectOf<T> | null : null,
    totalsLoading: totals.isFetching,
    /**
     * How many times the list was loaded again with unchanged filters (刷新, 查询 with the same
     * filters): a screen's other calls over the same filters (a chart) put it in their query key
     * to reload with the list.
     */
    reloadCount,
    /** The sort the table shows: a field of the whitelist and its antd order, or none. */
    sortOrderOf: (field: string): 'ascend' | 'descend' | null =>
      sortState.orderBy === field ? (sortState.order === 'asc' ? 'ascend' : 'descend') : null,
    submit,
    clear,
    changePage,
    changeSort,
    reload,
    // The table shows the rows; the list's own pager (spec section 9) goes below it.
    tableProps: {
      dataSource: lastGood.current.rows,
      loading,
      pagination: false as const,
      onChange: onTableChange,
    },
    pager,
  };
}

export type ListHandle<L extends AnyListDef> = ReturnType<typeof useList<L, ListCall<L> | undefined>>;
