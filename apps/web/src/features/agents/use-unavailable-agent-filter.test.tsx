import type { agentList } from '@agent-console/contract/agent-mgt';
import { queryAgentTreePath } from '@agent-console/contract/agent-tree';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as notify from '../../lib/notify';
import { createQueryClient } from '../../lib/query-client';
import type { ListHandle } from '../../lib/use-list';
import { fail, ok, on, stubApi } from '../../testing/fetch-stub';
import { AGENT_UNAVAILABLE_MESSAGE, useUnavailableAgentFilter } from './use-unavailable-agent-filter';

const SELF = 3;

function listWith(query: Record<string, unknown>, loading = false) {
  const submit = vi.fn((_filters: Record<string, unknown>) => true);
  return { list: { query, loading, submit } as unknown as ListHandle<typeof agentList>, submit };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('useUnavailableAgentFilter', () => {
  it('warns and searches again without pid when the agent is not the caller’s', async () => {
    const calls = stubApi(on(queryAgentTreePath, () => fail('1004', '代理不存在')));
    const warn = vi.spyOn(notify, 'notifyWarning').mockImplementation(() => {});
    const { list, submit } = listWith({ pid: 77, agentName: '网咖', orderBy: 'id', order: 'asc' });
    renderHook(() => useUnavailableAgentFilter(list, SELF), { wrapper });
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({ agentName: '网咖', orderBy: 'id', order: 'asc' }),
    );
    expect(warn).toHaveBeenCalledWith(AGENT_UNAVAILABLE_MESSAGE);
    expect(calls.map((c) => c.body)).toEqual([{ id: 77 }]);
  });

  it('says it and searches again once until the URL has changed, and again when it names the agent anew', async () => {
    stubApi(on(queryAgentTreePath, () => fail('1004', '代理不存在')));
    const warn = vi.spyOn(notify, 'notifyWarning').mockImplementation(() => {});
    const first = listWith({ pid: 77 });
    const { rerender } = renderHook(({ list }) => useUnavailableAgentFilter(list, SELF), {
      wrapper,
      initialProps: { list: first.list },
    });
    await waitFor(() => expect(first.submit).toHaveBeenCalledTimes(1));
    // The screen draws again before the new URL is there (the agent select, loaded meanwhile,
    // looks the agent up again): nothing more is said or searched.
    const meanwhile = listWith({ pid: 77 });
    rerender({ list: meanwhile.list });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meanwhile.submit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    // The URL has dropped it; going back to a URL that names it says it again.
    rerender({ list: listWith({}).list });
    const back = listWith({ pid: 77 });
    rerender({ list: back.list });
    await waitFor(() => expect(back.submit).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('waits for the list load under way before searching again', async () => {
    stubApi(on(queryAgentTreePath, () => fail('1004', '代理不存在')));
    vi.spyOn(notify, 'notifyWarning').mockImplementation(() => {});
    const loading = listWith({ pid: 77 }, true);
    const { rerender } = renderHook(({ list }) => useUnavailableAgentFilter(list, SELF), {
      wrapper,
      initialProps: { list: loading.list },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loading.submit).not.toHaveBeenCalled();
    const idle = listWith({ pid: 77 });
    rerender({ list: idle.list });
    await waitFor(() => expect(idle.submit).toHaveBeenCalledWith({}));
  });

  it('keeps a filter on an agent of the subtree, and never looks up 全部 or 本级', async () => {
    const calls = stubApi(
      on(queryAgentTreePath, ({ id }) => ok({ id, label: '南山代理', isLeaf: true, ancestors: [] })),
    );
    const warn = vi.spyOn(notify, 'notifyWarning').mockImplementation(() => {});
    for (const pid of [-1, SELF, undefined]) {
      const { list } = listWith(pid === undefined ? {} : { pid });
      renderHook(() => useUnavailableAgentFilter(list, SELF), { wrapper });
    }
    const { list, submit } = listWith({ pid: 4 });
    renderHook(() => useUnavailableAgentFilter(list, SELF), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ id: 4 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submit).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
