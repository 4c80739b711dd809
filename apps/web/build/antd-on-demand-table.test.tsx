import { render, screen, waitFor, within } from '@testing-library/react';
import { Table } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The first use of a part loads (and here transforms) its modules: slow on a loaded machine, not a failure.
const LOADED = { timeout: 15_000 };

// The test project applies build/antd-on-demand.ts (vitest.config.ts): this is the Table users get.

const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `代理${i + 1}`, level: i % 2 }));

beforeEach(() => {
  // jsdom has no ResizeObserver; antd's table and popups ask for one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe("antd's Table with its parts loaded on demand", () => {
  it('draws the filter menu, the selection checkboxes and the pager when a table uses them', async () => {
    const { container } = render(
      <Table
        rowKey="id"
        dataSource={rows}
        rowSelection={{ type: 'checkbox' }}
        pagination={{ pageSize: 5 }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          {
            title: '等级',
            dataIndex: 'level',
            filters: [
              { text: '零', value: 0 },
              { text: '一', value: 1 },
            ],
            onFilter: (value, row) => row.level === value,
          },
        ]}
      />,
    );
    expect(screen.getByText('代理1')).toBeTruthy();
    // Not in the first render: each part loads when the table first draws it.
    expect(container.querySelector('.ant-pagination')).toBeNull();
    expect(container.querySelector('.ant-checkbox')).toBeNull();
    expect(container.querySelector('.ant-table-filter-trigger')).toBeNull();
    await waitFor(() => expect(container.querySelector('.ant-table-filter-trigger')).toBeTruthy(), LOADED);
    await waitFor(() => expect(container.querySelectorAll('.ant-checkbox-input').length).toBe(6), LOADED);
    const pager = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('.ant-pagination');
      if (!found) throw new Error('no pager yet');
      return found;
    }, LOADED);
    expect(within(pager).getByTitle('3')).toBeTruthy();
  });

  it('draws a table that uses none of them without loading them', () => {
    const { container } = render(
      <Table
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[{ title: '名称', dataIndex: 'name' }]}
      />,
    );
    expect(screen.getByText('代理12')).toBeTruthy();
    expect(container.querySelector('.ant-pagination, .ant-checkbox, .ant-table-filter-trigger')).toBeNull();
  });
});
