import {
  type AnyEndpoint,
  DEFAULT_PAGE_SIZE,
  type ObjectOf,
  PAGE_SIZES,
  type RequestOf,
} from '@agent-console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { call } from './api-client';

/** A list screen's filters as they sit in the URL: only the keys that have a value. */
export type Filters = Readonly<Record<string, string>>;

export interface TableState {
  filters: Filters;
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

/** Reads page, page size and the given filter keys from the search params; anything invalid falls back to the defaults. */
export function readTableState(params: URLSearchParams, filterKeys: readonly string[]): TableState {
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value !== null && value !== '') filters[key] = value;
  }
  const size = positiveInt(params.get(SIZE_PARAM));
  return {
    filters,
    pageNum: positiveInt(params.get(PAGE_PARAM)) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The search params of a state: defaults (page 1, 30 per page) and empty filters are left out. */
export function writeTableState({ filters, pageNum, pageSize }: TableState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== '') params.set(key, value);
  if (pageNum !== 1) params.set(PAGE_PARAM, String(pageNum));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set(SIZE_PARAM, String(pageSize));
  return params;
}

/** Drops empty values so that clearing a field removes its key. */
export function compactFilters(values: Readonly<Record<string, string | undefined | null>>): Filters {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value != null && value !== '') out[key] = value;
  return out;
}

/** What the list's pager (components/list-pager) needs: the page, its size, the total, a change. */
export interface PagerState {
  current: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
}

type Row<E extends AnyEndpoint> = ObjectOf<E> extends readonly (infer R)[] ? R : never;

export interface ResourceTableOptions<E extends AnyEndpoint> {
  endpoint: E;
  /** The filter keys kept in the URL search params. */
  filterKeys: readonly string[];
  /** The request for a state: the endpoint's filters from the URL strings, plus the page. */
  toRequest: (filters: Filters, page: { pageNum: number; pageSize: number }) => RequestOf<E>;
}

/**
 * The one list-page hook (spec sections 4 and 8): page, page size and filters live in the URL
 * search params, so a list can be bookmarked, shared, and restored by its tab. Submitting filters
 * goes back to page 1; clearing them reloads. While a load is in flight a new one is ignored
 * (submit/clear/page changes return false); when a load fails the flag clears, the query stays as
 * it was, and the rows of the last successful load remain. List loads fail silently.
 *
 * A view that its tab keeps mounted while another screen shows reads the URL of that screen: the
 * state is frozen to the last one seen on its own path.
 */
export function useResourceTable<E extends AnyEndpoint>({
  endpoint,
  filterKeys,
  toRequest,
}: ResourceTableOptions<E>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const ownPath = useRef(pathname);
  const keysRef = useRef(filterKeys);
  const frozen = useRef<{ search: string; state: TableState } | null>(null);
  const search = searchParams.toString();
  // The same object while the URL is unchanged, so that screens may depend on it.
  if (frozen.current === null || (pathname === ownPath.current && frozen.current.search !== search)) {
    frozen.current = { search, state: readTableState(searchParams, keysRef.current) };
  }
  const state = frozen.current.state;

  const request = toRequest(state.filters, { pageNum: state.pageNum, pageSize: state.pageSize });
  const query = useQuery({
    queryKey: [endpoint.path, request],
    queryFn: ({ signal }) => call(endpoint, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });

  // The rows of the last successful load: a failed load keeps showing them.
  const lastGood = useRef<{ rows: Row<E>[]; total: number }>({ rows: [], total: 0 });
  if (query.data && !query.isPlaceholderData) {
    const rows = (Array.isArray(query.data.object) ? query.data.object : []) as Row<E>[];
    lastGood.current = { rows, total: query.data.totalCount ?? rows.length };
  }
  const loading = query.isFetching;
  const loadingRef = useRef(loading);
  loadingRef.current = loading;

  const go = useCallback(
    (next: TableState): boolean => {
      if (loadingRef.current) return false;
      setSearchParams(writeTableState(next));
      return true;
    },
    [setSearchParams],
  );

  const stateRef = useRef(state);
  stateRef.current = state;
  const { refetch } = query;

  /** New filters: back to page 1. */
  const submit = useCallback(
    (filters: Filters): boolean => go({ ...stateRef.current, filters: compactFilters(filters), pageNum: 1 }),
    [go],
  );

  /** Resets the filters and reloads (also when they were already empty). */
  const clear = useCallback((): boolean => {
    if (loadingRef.current) return false;
    const current = stateRef.current;
    const unchanged = Object.keys(current.filters).length === 0 && current.pageNum === 1;
    go({ ...current, filters: {}, pageNum: 1 });
    if (unchanged) void refetch();
    return true;
  }, [go, refetch]);

  const changePage = useCallback(
    (pageNum: number, pageSize: number): boolean => {
      const current = stateRef.current;
      return go({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize });
    },
    [go],
  );

  const reload = useCallback((): void => {
    if (!loadingRef.current) void refetch();
  }, [refetch]);

  const pager: PagerState = {
    current: state.pageNum,
    pageSize: state.pageSize,
    total: lastGood.current.total,
    onChange: (page, size) => void changePage(page, size),
  };

  return {
    filters: state.filters,
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    rows: lastGood.current.rows,
    total: lastGood.current.total,
    loading,
    failed: query.isError,
    submit,
    clear,
    changePage,
    reload,
    // The table shows the rows; the list's own pager (spec section 9) goes below it.
    tableProps: { dataSource: lastGood.current.rows, loading, pagination: false as const },
    pager,
  };
}
