import { queryAgentInfo, queryStructuredAreaInfo } from '@agent-console/contract/agent';
import { queryAgentTreeNodes } from '@agent-console/contract/agent-tree';
import {
  querySummaryStatsChart,
  querySummaryStatsPage,
  type SummaryFigures,
  type SummaryStatsRow,
  totalSummaryStats,
  ZERO_SUMMARY_FIGURES,
} from '@agent-console/contract/summary-stats';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { agentFixture, ok, on, type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import type { ChartOption } from '../chart-options';
import { summaryDefaults } from '../summary-filters';
import { SummaryStatsScreen } from './summary-stats-screen';

// No canvas in jsdom: the chart chunk draws its option's data as text.
vi.mock('./summary-echart', () => ({
  SummaryEChart: ({ option, label }: { option: ChartOption; label: string }) => {
    const series = (option.series as { data: number[] }[])[0];
    const axis = (option.yAxis as { data?: string[] }).data ?? (option.xAxis as { data?: string[] }).data;
    return (
      <div role="img" aria-label={label}>
        {`${(axis ?? []).join(',')}=${(series?.data ?? []).join(',')}`}
      </div>
    );
  },
}));

const zero = ZERO_SUMMARY_FIGURES;

const figures: SummaryFigures = {
  newPlayers: 12,
  activePlayers: 30,
  orderCount: 45,
  orderAmountFen: 1234567,
  paidCount: 40,
  paidAmountFen: 1200000,
  completedCount: 35,
  completedAmountFen: 1100000,
  refundCount: 2,
  refundAmountFen: 5000,
  activeNetBars: 6,
  devices: 80,
  earningsFen: 4321,
};

const row = (statTime: string, extra: Partial<SummaryStatsRow> = {}): SummaryStatsRow => ({
  statTime,
  areaId: null,
  areaName: null,
  agentId: null,
  agentName: null,
  agentLevel: null,
  own: false,
  ...figures,
  ...extra,
});

/** Rows as the server groups them for a query: by the dimensions asked. */
function rowsFor(body: { areaDimension?: string; agentDimension?: boolean; timeType?: string }) {
  const period = body.timeType === '20' ? '2026-05' : '2026-05-02';
  if (body.agentDimension)
    return [
      row(period, { agentId: 4, agentName: '鹏城电竞网咖联盟', agentLevel: 3, own: true }),
      row(period, { agentId: 5, agentName: '南山区代', agentLevel: 4, paidAmountFen: 100 }),
    ];
  if (body.areaDimension) return [row(period, { areaId: 440000, areaName: '广东省' })];
  return [row(period), row(body.timeType === '20' ? '2026-04' : '2026-05-01', { paidAmountFen: 0 })];
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

const tree = [{ id: -1, label: '全部', children: [{ id: 4, label: '本级', children: [] }] }];

async function renderScreen(sourceType?: 2 | 3) {
  const calls = stubApi(
    on(queryAgentInfo, () => ok(agentFixture({ id: 4, structuredPid: tree }))),
    on(queryStructuredAreaInfo, () => ok([{ id: 440000, label: '广东省', children: [] }])),
    on(queryAgentTreeNodes, () => ok([], 0)),
    on(querySummaryStatsPage, (body) => ok(rowsFor(body), rowsFor(body).length)),
    on(totalSummaryStats, () => ok({ summaryData: figures, updateTime: '2026-05-02 10:05:00' })),
    on(querySummaryStatsChart, (body) =>
      ok({
        trend: [
          { ...zero, statTime: '2026-05-01', paidAmountFen: 300 },
          { ...zero, statTime: '2026-05-02', paidAmountFen: 1200000 },
        ],
        split: body.areaDimension
          ? [{ ...zero, id: 440000, name: '广东省', own: false, paidAmountFen: 1200300 }]
          : body.agentDimension
            ? [
                { ...zero, id: 4, name: '鹏城电竞网咖联盟', own: true, paidAmountFen: 900 },
                { ...zero, id: 5, name: '南山区代', own: false, paidAmountFen: 1000 },
              ]
            : [],
      }),
    ),
  );
  const client = createQueryClient();
  const router = createMemoryRouter(
    [{ path: '/stats', element: <SummaryStatsScreen sourceType={sourceType} /> }],
    {
      initialEntries: ['/stats'],
    },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The screen's chunks are transformed on first use here: give it time on a loaded machine.
  await screen.findByText('数据更新时间 2026-05-02 10:05:00', {}, { timeout: 90_000 });
  await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 20_000 });
  const done = async () => {
    act(() => view.unmount());
    client.clear();
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  };
  return { calls, router, view, client, done };
}

const last = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body;

describe('SummaryStatsScreen', () => {
  it('客户端数据统计: the last 30 days by day, totals with the update time, the charts, then the table with 合计', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, view, done } = await renderScreen();
    const defaults = summaryDefaults();
    expect(last(calls, querySummaryStatsPage.path)).toEqual({ ...defaults, pageNum: 1, pageSize: 30 });
    expect(last(calls, totalSummaryStats.path)).toEqual(defaults);
    expect(last(calls, querySummaryStatsChart.path)).toEqual(defaults);
    expect(screen.getByText('客户端数据统计')).toBeTruthy();

    const totals = view.container.querySelector('.list-totals')?.textContent ?? '';
    expect(totals).toMatch(/合计/);
    expect(totals).toMatch(/订单\s*45\s*单 \/ 12,345.67\s*元/);
    expect(totals).toMatch(/活跃设备\s*80/);
    expect(totals).toMatch(/本级收益\s*43.21\s*元/);

    // The charts first: the trend of 支付金额 in fen, the split waiting for a dimension.
    const trend = await screen.findByRole('img', { name: '支付金额趋势图' });
    expect(trend.textContent).toBe('2026-05-01,2026-05-02=300,1200000');
    expect(screen.getByText('选择地区维度或按下级代理后，这里显示分布')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: '图表指标' }));
    await user.click(await screen.findByTitle('订单数'));
    expect((await screen.findByRole('img', { name: '订单数趋势图' })).textContent).toBe(
      '2026-05-01,2026-05-02=0,0',
    );

    await user.click(screen.getByText('表格'));
    const table = view.container.querySelector('.ant-table') as HTMLElement;
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(3));
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('日期');
    expect(headers).toContain('订单金额(元)');
    expect(headers).toContain('活跃设备');
    expect(within(table).getByText('2026-05-02')).toBeTruthy();
    const total = view.container.querySelector('.summary-total-row')?.textContent ?? '';
    expect(total).toContain('合计');
    expect(total).toContain('12,345.67');
    expect(total).toContain('43.21');
    await done();
  }, 120_000);

  it('APP汇总统计: sends sourceType 3, no 活跃设备; month, area and agent dimensions apply at once', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router, view, client, done } = await renderScreen(3);
    expect(last(calls, querySummaryStatsPage.path)).toMatchObject({ sourceType: 3, timeType: '10' });
    expect(last(calls, totalSummaryStats.path)).toMatchObject({ sourceType: 3 });
    expect(last(calls, querySummaryStatsChart.path)).toMatchObject({ sourceType: 3 });
    expect(view.container.querySelector('.list-totals')?.textContent).not.toContain('活跃设备');
    // The screen's own filter stays out of the URL.
    expect(router.state.location.search).not.toContain('sourceType');

    /** A new query is ignored while one loads: every call answered, and the form drawn again from its query. */
    const settled = async () => {
      await waitFor(() => expect(client.isFetching()).toBe(0));
      await waitFor(() => expect(view.container.querySelector('.ant-segmented-disabled')).toBeNull());
      await waitFor(() =>
        expect((screen.getByRole('checkbox', { name: /按下级代理/ }) as HTMLInputElement).disabled).toBe(
          false,
        ),
      );
    };

    // 按月: the end moves to the end of its month.
    await user.click(screen.getByText('按月'));
    await waitFor(() => expect(last(calls, querySummaryStatsPage.path)).toMatchObject({ timeType: '20' }));
    const month = last(calls, querySummaryStatsPage.path) as { endTime: string };
    expect(month.endTime).toMatch(/^\d{4}-\d{2}-(28|29|30|31) 23:59:59$/);
    expect(router.state.location.search).toContain('timeType=20');

    // 省份: the split by province.
    await settled();
    await user.click(screen.getByText('省份'));
    await waitFor(() =>
      expect(last(calls, querySummaryStatsChart.path)).toMatchObject({
        areaDimension: 'province',
        sourceType: 3,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '支付金额按省份分布图' }).textContent).toBe('广东省=1200300'),
    );

    // 按下级代理 (and back to no area): the split by agent, 本级 for the own net bars.
    await settled();
    await user.click(screen.getByText('不分'));
    await waitFor(() => expect(last(calls, querySummaryStatsPage.path)).not.toHaveProperty('areaDimension'));
    await settled();
    // The form is drawn again from each new query: the checkbox of the current form.
    await user.click(screen.getByRole('checkbox', { name: /按下级代理/ }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '支付金额按代理分布图' }).textContent).toBe(
        '南山区代,本级=1000,900',
      ),
    );
    expect(last(calls, querySummaryStatsPage.path)).toMatchObject({ agentDimension: true, timeType: '20' });
    await settled();

    await user.click(screen.getByText('表格'));
    const table = view.container.querySelector('.ant-table') as HTMLElement;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 2)).toEqual(['月份', '代理']);
    expect(headers).not.toContain('活跃设备');
    expect(within(table).getByText('本级')).toBeTruthy();
    expect(within(table).getByText('南山区代')).toBeTruthy();

    // 重置: the last 30 days by day, no dimension.
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect(last(calls, querySummaryStatsPage.path)).toEqual({
        ...summaryDefaults(),
        sourceType: 3,
        pageNum: 1,
        pageSize: 30,
      }),
    );
    await done();
  }, 120_000);
});
