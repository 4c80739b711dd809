import type { ChannelListItem, PackingStatus } from '@agent-console/contract/promotion';
import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channelColumns } from './channel-columns';

const base: ChannelListItem = {
  channelId: 1,
  code: 'CABCDEFGHJ',
  kind: 'client',
  channelName: '一楼客户端',
  netBarId: 7,
  netBarName: '星际网咖',
  domain: null,
  agentId: 30,
  agentName: '深圳代理',
  applyState: 'applied',
  passedByName: null,
  passedTime: null,
  packingState: 'none',
  packingProgress: 0,
  packingError: null,
  shortUrl: '/s/abcdefg',
  userCount: 3,
  orderCount: 2,
  orderAmount: 123456,
  remark: '',
  createTime: '2026-03-02 10:00:00',
};

function renderRows(
  rows: ChannelListItem[],
  self: { id: number; level: number },
  statuses: PackingStatus[] = [],
) {
  const noop = vi.fn(async () => {});
  render(
    <Table
      rowKey="channelId"
      dataSource={rows}
      pagination={false}
      columns={channelColumns({
        selfId: self.id,
        selfLevel: self.level,
        statuses: new Map(statuses.map((s) => [s.channelId, s])),
        onEdit: vi.fn(),
        onDecide: noop,
        onPack: noop,
        onCopy: noop,
      })}
    />,
  );
  return (id: number) => {
    const row = document.querySelector(`tr[data-row-key="${id}"]`);
    if (!(row instanceof HTMLElement)) throw new Error(`no row ${id}`);
    return within(row);
  };
}

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

describe('channelColumns', () => {
  it('offers pass and reject to an agent above the owner only, and packing to passed client channels', () => {
    const row = renderRows(
      [
        base,
        { ...base, channelId: 2, agentId: 20 },
        { ...base, channelId: 3, applyState: 'passed' },
        {
          ...base,
          channelId: 4,
          kind: 'web',
          netBarId: null,
          netBarName: null,
          domain: 'a.example.com',
          applyState: 'passed',
        },
      ],
      { id: 20, level: 2 },
    );
    expect(row(1).getByRole('button', { name: '通过' })).toBeTruthy();
    expect(row(1).getByRole('button', { name: '驳回' })).toBeTruthy();
    expect(row(1).queryByRole('button', { name: '自动打包' })).toBeNull();
    // Its own channel: no decision.
    expect(row(2).queryByRole('button', { name: '通过' })).toBeNull();
    expect(row(3).getByRole('button', { name: '自动打包' })).toBeTruthy();
    expect(row(3).getByRole('link', { name: '下载ini' }).getAttribute('href')).toBe(
      '/api/channel/downloadIniFile/cybercafe.ini?channel=CABCDEFGHJ',
    );
    // A web channel has no package and no ini.
    expect(row(4).queryByRole('button', { name: '自动打包' })).toBeNull();
    expect(row(4).queryByRole('link', { name: '下载ini' })).toBeNull();
    expect(row(4).getByText('a.example.com')).toBeTruthy();
    expect(screen.getAllByText('1,234.56')).toHaveLength(4);
  });

  it('shows a running packing from the polled status, and the package once done', () => {
    const passed = { ...base, applyState: 'passed' as const };
    const row = renderRows(
      [passed, { ...passed, channelId: 2, packingState: 'done', packingProgress: 100 }],
      { id: 1, level: 0 },
      [{ channelId: 1, packingState: 'packing', packingProgress: 60, packingError: null, downloadUrl: null }],
    );
    expect(row(1).getByText('打包中')).toBeTruthy();
    expect(row(1).getByText('60%')).toBeTruthy();
    expect((row(1).getByRole('button', { name: '自动打包' }) as HTMLButtonElement).disabled).toBe(true);
    expect(row(2).getByText('已完成（下载）').getAttribute('href')).toBe(
      '/api/channel/downloadPackage?channel=CABCDEFGHJ',
    );
    expect(row(2).getByRole('button', { name: '重新打包' })).toBeTruthy();
  });
});
