import type { AgentTreeNode } from '@agent-console/contract/agent';
import {
  type AgentTreeItem,
  queryAgentTreeNodes,
  queryAgentTreePath,
  searchAgentTreeNodes,
} from '@agent-console/contract/agent-tree';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { fail, ok, on, type RecordedCall, stubApi } from '../testing/fetch-stub';
import { AgentTreeSelect } from './agent-tree-select';

const SELF = 3;
const structuredPid: AgentTreeNode[] = [{ id: -1, label: '全部', children: [{ id: SELF, label: '本级' }] }];

/** The demo's shape: 本级 → 南山代理 (→ 科技园网咖 → 陈晓明), 福田代理. */
const LEVELS: Record<number, AgentTreeItem[]> = {
  [SELF]: [
    { id: 4, label: '南山代理', isLeaf: false },
    { id: 6, label: '福田代理', isLeaf: true },
  ],
  4: [
    { id: 8, label: '科技园网咖', isLeaf: false },
    { id: 10, label: '蛇口网咖', isLeaf: true },
  ],
  8: [{ id: 9, label: '陈晓明', isLeaf: true }],
};
const CHEN = {
  id: 9,
  label: '陈晓明',
  isLeaf: true,
  ancestors: [
    { id: 4, label: '南山代理' },
    { id: 8, label: '科技园网咖' },
  ],
};

function stubTree(extra: { searchTotal?: number } = {}) {
  return stubApi(
    on(queryAgentTreeNodes, ({ parentId }) => {
      const items = LEVELS[parentId] ?? [];
      return ok(items, items.length);
    }),
    on(searchAgentTreeNodes, ({ keyword }) =>
      '陈晓明'.includes(keyword) ? ok([CHEN], extra.searchTotal ?? 1) : ok([], 0),
    ),
    on(queryAgentTreePath, ({ id }) => (id === 9 ? ok(CHEN) : fail('1004', '代理不存在'))),
  );
}

function Harness({ initial, onChange }: { initial?: number; onChange?: (id: number | undefined) => void }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <AgentTreeSelect
      tree={structuredPid}
      selfId={SELF}
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange?.(id);
      }}
    />
  );
}

const renderSelect = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness {...props} />
    </QueryClientProvider>,
  );

const titles = () =>
  Array.from(document.querySelectorAll('.ant-select-tree-treenode .ant-select-tree-title')).map(
    (el) => el.textContent,
  );
const switcherOf = (title: string) => {
  const node = Array.from(document.querySelectorAll('.ant-select-tree-treenode')).find(
    (el) => el.querySelector('.ant-select-tree-title')?.textContent === title,
  );
  const switcher = node?.querySelector('.ant-select-tree-switcher');
  if (!switcher) throw new Error(`no node ${title}`);
  return switcher;
};
const callsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);
const open = () => userEvent.click(screen.getByRole('combobox'));
/** The label the closed select shows for its value. */
const shownValue = () => document.querySelector('.ant-select-content-has-value')?.getAttribute('title');

// antd's popup measures itself; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('AgentTreeSelect', () => {
  it('shows 全部, 本级 and the sub-agents, and loads a level when its node is opened', async () => {
    const calls = stubTree();
    renderSelect();
    await open();
    await waitFor(() => expect(titles()).toEqual(['全部', '本级', '南山代理', '福田代理']));
    expect(callsTo(calls, queryAgentTreeNodes.path)).toEqual([{ parentId: SELF }]);

    await userEvent.click(switcherOf('南山代理'));
    await waitFor(() =>
      expect(titles()).toEqual(['全部', '本级', '南山代理', '科技园网咖', '蛇口网咖', '福田代理']),
    );
    expect(callsTo(calls, queryAgentTreeNodes.path)).toEqual([{ parentId: SELF }, { parentId: 4 }]);
    // A leaf has nothing to load.
    expect(switcherOf('福田代理').className).toContain('noop');
  });

  it('searches the server once typing pauses and shows a deep match in place', async () => {
    const calls = stubTree();
    const onChange = vi.fn();
    renderSelect({ onChange });
    await open();
    await waitFor(() => expect(titles()).toContain('南山代理'));
    await userEvent.type(screen.getByRole('combobox'), '晓明');
    await waitFor(() => expect(titles()).toEqual(['全部', '南山代理', '科技园网咖', '陈晓明']));
    // One search for what was typed, not one per keystroke; no level loaded for the path.
    expect(callsTo(calls, searchAgentTreeNodes.path)).toEqual([{ keyword: '晓明' }]);
    expect(callsTo(calls, queryAgentTreeNodes.path)).toEqual([{ parentId: SELF }]);

    await userEvent.click(screen.getByText('陈晓明'));
    expect(onChange).toHaveBeenCalledWith(9);
    // The chosen agent keeps its name once the search is over.
    await waitFor(() => expect(shownValue()).toBe('陈晓明'));
  });

  it('says when a search matches more agents than it lists', async () => {
    stubTree({ searchTotal: 120 });
    renderSelect();
    await open();
    await userEvent.type(screen.getByRole('combobox'), '陈');
    expect(await screen.findByText('共 120 个匹配，仅列出前 1 个，请输入更完整的名称')).toBeTruthy();
  });

  it('shows the name of a value restored from a URL, looked up by id', async () => {
    const calls = stubTree();
    renderSelect({ initial: 9 });
    await waitFor(() => expect(shownValue()).toBe('陈晓明'));
    expect(callsTo(calls, queryAgentTreePath.path)).toEqual([{ id: 9 }]);
    // Opened, it shows the value in place.
    await open();
    await waitFor(() =>
      expect(titles()).toEqual(['全部', '本级', '南山代理', '科技园网咖', '陈晓明', '福田代理']),
    );
  });

  it('looks nothing up for 全部, 本级 or an agent already loaded', async () => {
    const calls = stubTree();
    renderSelect({ initial: SELF });
    await waitFor(() => expect(shownValue()).toBe('本级'));
    await open();
    await waitFor(() => expect(titles()).toContain('福田代理'));
    await userEvent.click(screen.getByText('福田代理'));
    await waitFor(() => expect(shownValue()).toBe('福田代理'));
    expect(callsTo(calls, queryAgentTreePath.path)).toEqual([]);
  });
});
