import {
  type AgentListItem,
  queryAgentInfoPage,
  queryAgentInfoTotal,
} from '@agent-console/contract/agent-mgt';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok, on, stubApi } from '../testing/fetch-stub';
import { createQueryClient } from './query-client';
import { type ListQuery, type ListState, readListState, useList, writeListState } from './use-list';

const row = (id: number): AgentListItem => ({
  id,
  userId: 10000 + id,
  parentId: 1,
  parentName: '星途总代',
  agentName: `代理${id}`,
  agentLevel: 2,
  mobilePhone: '138****0000',
  areaInfo: '["440000"]',
  areaNames: ['广东省'],
  proportion: 0.3,
  baseProfitRatio: 0.1,
  gameProfitRatios: [],
  subAgentCount: 0,
  netBarCount: 0,
  remark: '',
  createTime: '2026-01-01 00:00:00',
  setTopAuthority: false,
  addPricePermission: false,
  isHbpush: false,
  xuanhaoApp: false,
  hasMemberFinanceMenu: false,
  setSettleAuthority: false,
  hasPriceAddRangeFlag: false,
});

type Table = ReturnType<typeof useList<typeof queryAgentInfoPage.list, typeof queryAgentInfoTotal>>;

interface Sink {
  table: Table | null;
}

type Fixed = ListQuery<typeof queryAgentInfoPage.list>;

function Probe({
  sink,
  withDefaults,
  withTotals,
  fixed,
}: {
  sink: Sink;
  withDefaults: boolean;
  withTotals: boolean;
  fixed: Fixed | undefined;
}) {
  sink.table = useList(queryAgentInfoPage, {
    ...(withTotals ? { totals: queryAgentInfoTotal } : {}),
    ...(fixed ? { fixed: { ...fixed } } : {}),
    ...(withDefaults
      ? { defaults: () => ({ startTime: '2026-01-01 00:00:00', endTime: '2026-01-31 23:59:59' }) }
      : {}),
  });
  return null;
}

const totals = { agentCount: 2, byLevel: [{ agentLevel: 2, count: 2 }], subAgentCount: 0 };

/** Renders the hook on /list inside a memory router; returns the latest result and the router. */
function renderTable(
  url: string,
  {
    withDefaults = false,
    withTotals = false,
    fixed,
  }: { withDefaults?: boolean; withTotals?: boolean; fixed?: Fixed } = {},
) {
  const current: Sink = { table: null };
  // The probe stays mounted on every path, as the tab view cache keeps a hidden view.
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Probe sink={current} withDefaults={withDefaults} withTotals={withTotals} fixed={fixed} />,
        children: [{ path: 'list' }, { path: 'other' }],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const table = () => {
    if (!current.table) throw new Error('not rendered');
    return current.table;
  };
  return { table, router };
}

describe('readListState / writeListState', () => {
  const { list } = queryAgentInfoPage;

  it('reads page, size and the filters the list declares, typed by its schema', () => {
    const state = readListState(
      list,
      new URLSearchParams('agentName=a&agentLevel=3&x=1&pageNum=3&pageSize=50'),
    );
    expect(state).toEqual({ query: { agentName: 'a', agentLevel: 3 }, pageNum: 3, pageSize: 50 });
  });

  it('drops what the schema refuses and falls back to the defaults', () => {
    const state = readListState(
      list,
      new URLSearchParams('agentLevel=9&startTime=2026-02-30&orderBy=remark&pageNum=-2&pageSize=31'),
    );
    expect(state).toEqual({ query: {}, pageNum: 1, pageSize: 30 });
    expect(readListState(list, new URLSearchParams(''), () => ({ agentLevel: 2 })).query).toEqual({
      agentLevel: 2,
    });
  });

  it('leaves defaults and empty values out of the URL', () => {
    const state: ListState<typeof list> = {
      query: { agentName: 'a', mobilePhone: '' },
      pageNum: 1,
      pageSize: 30,
    };
    expect(writeListState(state).toString()).toBe('agentName=a');
    expect(writeListState({ query: {}, pageNum: 2, pageSize: 100 }).toString()).toBe(
      'pageNum=2&pageSize=100',
    );
  });
});

describe('useList', () => {
  it('loads the page the URL names, with its filters, and shows the total', async () => {
    const calls = stubApi(
      on(queryAgentInfoPage, () => ok([row(1), row(2)], 95)),
      on(queryAgentInfoTotal, () => ok(totals)),
    );
    const { table } = renderTable('/list?agentName=%E6%98%9F&agentLevel=2&pageNum=2&pageSize=50', {
      withTotals: true,
    });
    await waitFor(() => expect(table().rows).toHaveLength(2));
    expect(calls.find((c) => c.path === queryAgentInfoPage.path)?.body).toEqual({
      pageNum: 2,
      pageSize: 50,
      agentName: '星',
      agentLevel: 2,
    });
    await waitFor(() => expect(table().totals).toEqual(totals));
    expect(calls.find((c) => c.path === queryAgentInfoTotal.path)?.body).toEqual({
      agentName: '星',
      agentLevel: 2,
    });
    expect(table().total).toBe(95);
    expect(table().tableProps.pagination).toBe(false);
    expect(table().pager).toMatchObject({ current: 2, pageSize: 50, total: 95 });
  });

  it('goes back to page 1 when filters are submitted, and writes them into the URL', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const { table, router } = renderTable('/list?pageNum=4');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => {
      expect(table().submit({ agentName: '鹏城', agentLevel: 3 })).toBe(true);
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(router.state.location.search).toBe(
      `?${new URLSearchParams({ agentName: '鹏城', agentLevel: '3' })}`,
    );
    expect(calls[1]?.body).toEqual({ pageNum: 1, pageSize: 30, agentName: '鹏城', agentLevel: 3 });
  });

  it('changing the page size goes back to page 1', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 400)));
    const { table } = renderTable('/list?pageNum=3');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().changePage(3, 100));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ pageNum: 1, pageSize: 100 });
  });

  it('ignores a new request while one is loading', async () => {
    let release: () => void = () => undefined;
    const calls = stubApi(
      on(queryAgentInfoPage, () => new Promise((resolve) => (release = () => resolve(ok([row(1)], 1))))),
    );
    const { table, router } = renderTable('/list');
    await waitFor(() => expect(table().loading).toBe(true));
    let accepted = true;
    act(() => {
      accepted = table().submit({ agentName: 'x' });
    });
    expect(accepted).toBe(false);
    expect(table().clear()).toBe(false);
    expect(table().changePage(2, 30)).toBe(false);
    expect(router.state.location.search).toBe('');
    await act(async () => release());
    await waitFor(() => expect(table().loading).toBe(false));
    expect(calls).toHaveLength(1);
  });

  it('keeps the query and the last rows when a load fails, silently', async () => {
    let failNext = false;
    stubApi(on(queryAgentInfoPage, () => (failNext ? fail('9999', '服务器错误') : ok([row(7)], 1))));
    const { table, router } = renderTable('/list?agentName=a');
    await waitFor(() => expect(table().rows).toHaveLength(1));
    failNext = true;
    act(() => void table().submit({ agentName: 'b' }));
    await waitFor(() => expect(table().failed).toBe(true));
    expect(table().loading).toBe(false);
    expect(router.state.location.search).toBe('?agentName=b');
    expect(table().query).toEqual({ agentName: 'b' });
    expect(table().rows.map((r) => r.id)).toEqual([7]);
    expect(document.querySelector('.ant-message')).toBeNull();
  });

  it('clearing resets the filters and reloads even when nothing was set', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const { table, router } = renderTable('/list?agentName=a&pageNum=2');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().clear());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().clear());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body).toEqual({ pageNum: 1, pageSize: 30 });
  });

  it('keeps its own state while its tab is hidden behind another screen', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const { table, router } = renderTable('/list?agentName=a');
    await waitFor(() => expect(table().loading).toBe(false));
    await act(async () => router.navigate('/other?agentName=zzz&pageNum=9'));
    expect(table().query).toEqual({ agentName: 'a' });
    expect(table().pageNum).toBe(1);
    await act(async () => router.navigate('/list?agentName=c'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ pageNum: 1, pageSize: 30, agentName: 'c' });
  });

  it('loads again when 查询 is pressed with unchanged filters', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const { table, router } = renderTable('/list?agentName=a');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().submit({ agentName: 'a' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(router.state.location.search).toBe('?agentName=a');
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });

  it('sorts by a field of the whitelist, keeps the sort across searches and ignores others', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const { table, router } = renderTable('/list?pageNum=2');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().changeSort('createTime', 'asc'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ pageNum: 1, pageSize: 30, orderBy: 'createTime', order: 'asc' });
    expect(table().sortOrderOf('createTime')).toBe('ascend');
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().submit({ agentName: 'x' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body).toEqual({
      pageNum: 1,
      pageSize: 30,
      agentName: 'x',
      orderBy: 'createTime',
      order: 'asc',
    });
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().changeSort('remark', 'asc'));
    await waitFor(() => expect(router.state.location.search).toBe('?agentName=x'));
  });

  it('starts from its defaults and clears back to them', async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const range = { startTime: '2026-01-01 00:00:00', endTime: '2026-01-31 23:59:59' };
    const { table } = renderTable('/list', { withDefaults: true });
    await waitFor(() => expect(table().loading).toBe(false));
    expect(calls[0]?.body).toEqual({ pageNum: 1, pageSize: 30, ...range });
    act(() => void table().submit({ agentName: 'x' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => void table().clear());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body).toEqual({ pageNum: 1, pageSize: 30, ...range });
  });

  it('sends the fixed filters with every call over the URL, without writing them into it', async () => {
    const calls = stubApi(
      on(queryAgentInfoPage, () => ok([row(1)], 1)),
      on(queryAgentInfoTotal, () => ok(totals)),
    );
    // A new object every render (compared by value); an undefined key removes the URL's.
    const { table, router } = renderTable('/list?agentLevel=4&agentName=a', {
      withTotals: true,
      fixed: { agentLevel: undefined, mobilePhone: '13800000000' },
    });
    await waitFor(() => expect(table().totals).toEqual(totals));
    const first = table().query;
    expect(first).toEqual({ agentName: 'a', agentLevel: undefined, mobilePhone: '13800000000' });
    expect(calls.find((c) => c.path === queryAgentInfoPage.path)?.body).toEqual({
      pageNum: 1,
      pageSize: 30,
      agentName: 'a',
      mobilePhone: '13800000000',
    });
    expect(calls.find((c) => c.path === queryAgentInfoTotal.path)?.body).toEqual({
      agentName: 'a',
      mobilePhone: '13800000000',
    });
    expect(table().query).toBe(first);
    act(() => void table().submit({ agentName: 'b' }));
    await waitFor(() => expect(router.state.location.search).toBe('?agentName=b'));
    await waitFor(() => expect(table().loading).toBe(false));
    expect(calls.filter((c) => c.path === queryAgentInfoPage.path).at(-1)?.body).toEqual({
      pageNum: 1,
      pageSize: 30,
      agentName: 'b',
      mobilePhone: '13800000000',
    });
  });

  it("counts the loads again with unchanged filters (for a screen's other calls), not new searches", async () => {
    const calls = stubApi(on(queryAgentInfoPage, () => ok([row(1)], 1)));
    const { table } = renderTable('/list?agentName=a');
    await waitFor(() => expect(table().loading).toBe(false));
    expect(table().reloadCount).toBe(0);
    act(() => void table().submit({ agentName: 'b' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(table().loading).toBe(false));
    expect(table().reloadCount).toBe(0);
    act(() => void table().submit({ agentName: 'b' }));
    await waitFor(() => expect(table().reloadCount).toBe(1));
    await waitFor(() => expect(table().loading).toBe(false));
    act(() => table().reload());
    await waitFor(() => expect(table().reloadCount).toBe(2));
    await waitFor(() => expect(calls).toHaveLength(4));
  });
});
