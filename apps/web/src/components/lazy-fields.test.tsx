import type { AgentTreeNode, RegionNode } from '@agent-console/contract/agent';
import { queryAgentTreeNodes } from '@agent-console/contract/agent-tree';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { ok, on, stubApi } from '../testing/fetch-stub';
import { LazyAgentTreeSelect, LazyAreaCascader, LazyDateRangePicker } from './lazy-fields';

const areas: RegionNode[] = [{ id: 440000, label: '广东省', children: [{ id: 440300, label: '深圳市' }] }];
const tree: AgentTreeNode[] = [{ id: -1, label: '全部', children: [{ id: 3, label: '本级' }] }];

const withQueries = (node: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

// antd's popups measure themselves; jsdom has no ResizeObserver.
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

describe('the filter pickers loaded on demand', () => {
  it('loads the cascader at once for a value to show (a filter restored from the URL), then draws it directly', async () => {
    const first = render(
      <LazyAreaCascader id="areaKey" className="list-filter-field" options={areas} value="440000-440300" />,
    );
    const standIn = first.container.querySelector('.ant-select');
    expect(standIn?.classList.contains('ant-cascader')).toBe(false);
    expect(standIn?.classList.contains('list-filter-field')).toBe(true);
    // No placeholder while the value is on its way.
    expect(screen.queryByText('请选择地区')).toBeNull();
    await waitFor(() => expect(first.container.querySelector('.ant-select.ant-cascader')).toBeTruthy());
    expect(first.container.textContent).toContain('深圳市');
    first.unmount();
    const again = render(<LazyAreaCascader id="areaKey" options={areas} />);
    expect(again.container.querySelector('.ant-select.ant-cascader')).toBeTruthy();
  });

  it('draws the range stand-in with its placeholders, and the picker focused when it gets the focus', async () => {
    const { container } = render(<LazyDateRangePicker id="range" className="list-filter-range" />);
    const start = container.querySelector<HTMLInputElement>('#range');
    expect(start?.placeholder).toBe('开始日期');
    expect(container.querySelector('.range-stand-in.list-filter-range')).toBeTruthy();
    fireEvent.focus(start as Element);
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).toBeTruthy());
    await waitFor(() => expect(document.activeElement?.id).toBe('range'));
  });

  it('loads the caller’s sub-agents at mount, as the agent select would, before it is opened', async () => {
    const calls = stubApi(on(queryAgentTreeNodes, () => ok([{ id: 4, label: '南山代理', isLeaf: true }], 1)));
    const { container } = withQueries(<LazyAgentTreeSelect id="pid" tree={tree} selfId={3} />);
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ parentId: 3 }]));
    expect(container.querySelector('.ant-tree-select')).toBeNull();
    expect(screen.getByText('请选择代理')).toBeTruthy();
    fireEvent.mouseDown(container.querySelector('.ant-select') as Element);
    await waitFor(() => expect(document.querySelector('.ant-select-tree-title')).toBeTruthy());
    expect(calls).toHaveLength(1);
  });
});
