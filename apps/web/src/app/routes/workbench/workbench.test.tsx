import { type AgentInfo, customSiteInfo, queryAgentInfo } from '@agent-console/contract/agent';
import { type AgentListItem, queryAgentInfoPage } from '@agent-console/contract/agent-mgt';
import { isLogin } from '@agent-console/contract/auth';
import { type DeviceMonthStat, queryDeviceMonthStatistic } from '@agent-console/contract/devices';
import { type FundDetailItem, queryFundDetails } from '@agent-console/contract/fund-details';
import {
  type ChannelUserItem,
  type OrderBarItem,
  queryOrderBarPage,
  queryUsersPage,
} from '@agent-console/contract/orders';
import { queryWebNetBarPage, type WebNetBarItem } from '@agent-console/contract/promotion';
import {
  type HomeStats,
  homeAppStatisticsCount,
  homeStatisticsCount,
  homeWebStatisticsCount,
  homeWorkbenchUpdateTime,
  type SummaryFigures,
  ZERO_SUMMARY_FIGURES,
} from '@agent-console/contract/summary-stats';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { queryUserInfo } from '@agent-console/contract/user';
import {
  queryOwnFinance,
  queryWithdrawRecords,
  type WithdrawRecord,
} from '@agent-console/contract/withdrawals';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLoginState } from '../../../lib/login-state';
import { createQueryClient } from '../../../lib/query-client';
import { agentFixture, fail, ok, on, type Route, stubApi } from '../../../testing/fetch-stub';
import { initialTabsState, tabsStore } from '../../layout/tabs-store';
import { createRoutes } from '../../router';

// The first render transforms the lazily loaded layout, antd and the cards: give it time.
const SLOW = { timeout: 60_000 };

const figures = (orderCount: number, paidAmountFen: number, earningsFen: number): SummaryFigures => ({
  ...ZERO_SUMMARY_FIGURES,
  orderCount,
  orderAmountFen: paidAmountFen,
  paidCount: orderCount,
  paidAmountFen,
  earningsFen,
});

/** Today 12 orders and 1,234.56 yuan paid (scaled per card), yesterday 8, this month 321. */
const homeStats = (scale: number): HomeStats => ({
  today: figures(12 * scale, 123_456 * scale, 2_345 * scale),
  yesterday: figures(8 * scale, 80_000 * scale, 1_500 * scale),
  thisMonth: figures(321 * scale, 4_567_890 * scale, 98_765 * scale),
  trend: Array.from({ length: 30 }, (_, i) => ({
    statTime: `2026-03-${String(i + 1).padStart(2, '0')}`,
    ...figures(i, i * 100, i),
  })),
});

const agentRow = (id: number): AgentListItem => ({
  id,
  userId: 10000 + id,
  parentId: 1,
  parentName: '星途总代',
  agentName: `下级代理${id}`,
  agentLevel: 2,
  mobilePhone: '138****0000',
  areaInfo: '["440000"]',
  areaNames: ['广东省'],
  proportion: 0.3,
  baseProfitRatio: 0.1,
  gameProfitRatios: [],
  subAgentCount: 3,
  netBarCount: 7,
  remark: '',
  createTime: `2026-01-0${id} 00:00:00`,
  setTopAuthority: false,
  addPricePermission: false,
  isHbpush: false,
  xuanhaoApp: false,
  hasMemberFinanceMenu: false,
  setSettleAuthority: false,
  hasPriceAddRangeFlag: false,
});

const userRow = (id: number): ChannelUserItem => ({
  id,
  userId: 880000 + id,
  mobilePhone: '139****1234',
  channelId: 3,
  channelName: '南山一号渠道',
  netBarId: 2,
  netBarName: '极速网咖',
  areaName: '广东省-深圳市-南山区',
  agentId: 4,
  agentName: '鹏城电竞',
  terminalType: 4,
  registerTime: '2026-03-05 14:22:33',
  orderCount: 2,
  spentFen: 3000,
});

const orderRow = (id: number): OrderBarItem => ({
  id,
  orderNo: `NO${id}`,
  playerId: 1,
  userId: 880001,
  mobilePhone: '139****1234',
  gameId: 1,
  gameName: '英雄联盟',
  goodsId: 1,
  netBarId: 2,
  netBarName: '极速网咖',
  areaName: '广东省-深圳市-南山区',
  channelId: null,
  channelName: null,
  agentId: 4,
  agentName: '鹏城电竞',
  orderSource: 10,
  terminalType: 4,
  rentType: 'hour',
  rentMinutes: 60,
  amountFen: 1_990,
  priceIncreaseFen: 0,
  status: 50,
  createTime: '2026-03-06 09:08:07',
  payTime: null,
  rentStartTime: null,
  rentEndTime: null,
  completeTime: null,
});

const withdrawal: WithdrawRecord = {
  id: 1,
  agentId: 1,
  amount: 50_000,
  fee: 0,
  actualAmount: 50_000,
  channel: 'alipay',
  accountNo: 'a***@example.com',
  realName: '*三',
  status: -1,
  stage: 'pending',
  reason: null,
  createTime: '2026-03-07 10:11:12',
  reviewTime: null,
  finishTime: null,
};

const fundRow: FundDetailItem = {
  id: 1,
  createTime: '2026-03-08 08:00:00',
  agentId: 4,
  agentName: '鹏城电竞',
  agentLevel: 3,
  kind: 'order_share',
  availableChangeFen: 1_234,
  frozenChangeFen: 0,
  availableAfterFen: 1_234,
  frozenAfterFen: 0,
  orderId: 1,
  orderNo: 'NO1',
  withdrawalId: null,
  deviceSettlementId: null,
  reason: null,
};

const deviceRow: DeviceMonthStat = {
  key: '7-2026-02',
  agentId: 7,
  agentName: '南山科技园网咖',
  agentLevel: 4,
  month: '2026-02',
  netBarCount: 1,
  deviceCount: 2,
  validDeviceCount: 9,
  minDays: 15,
  amountPerDevice: 500,
  settlementAmount: 4_500,
  status: 0,
  closed: true,
  settledValidDeviceCount: null,
  settleTime: null,
  settledByName: null,
};

const netBarRow: WebNetBarItem = {
  netBarId: 2,
  barUserId: 900002,
  netBarName: '极速网咖',
  address: '南山大道1号',
  areaKey: '440000-440300-440305',
  agentId: 4,
  agentName: '鹏城电竞',
  terminalCount: 20,
  status: 'open',
  userCount: 5,
  orderCount: 6,
  orderAmount: 7_700,
  createTime: '2026-01-01 00:00:00',
};

const user = {
  userId: 10000,
  mobilePhone: '138****0000',
  isSetPayPassword: true,
  isSetLoginPassword: true,
  phoneVerified: true,
  realNameStatus: 1,
  createTime: '2026-01-01 08:00:00',
  lastLoginTime: null,
};

/** The session's calls, the totals and every list of the workbench; `overrides` replace routes by path. */
function api(agent: AgentInfo, ...overrides: Route[]) {
  const routes: Route[] = [
    on(customSiteInfo, () => ok({ logo: null, name: '星途代理' })),
    on(isLogin, () => ok(true)),
    on(queryAgentInfo, () => ok(agent)),
    on(queryUnfinishedTask, () => ok([{ type: 4, finished: false }])),
    on(queryUserInfo, () => ok(user)),
    on(homeStatisticsCount, () => ok(homeStats(1))),
    on(homeWebStatisticsCount, () => ok(homeStats(2))),
    on(homeAppStatisticsCount, () => ok(homeStats(3))),
    on(homeWorkbenchUpdateTime, () => ok({ updateTime: '2026-03-30 12:00:00' })),
    on(queryAgentInfoPage, () => ok([1, 2, 3, 4, 5, 6].map(agentRow), 42)),
    on(queryUsersPage, () => ok([userRow(1)], 1)),
    on(queryOrderBarPage, () => ok([orderRow(1), orderRow(2)], 2)),
    on(queryOwnFinance, () => ok({ available: 123_400, frozen: 50_000, totalIncome: 0, totalWithdrawn: 0 })),
    on(queryWithdrawRecords, () => ok([withdrawal], 1)),
    on(queryFundDetails, () =>
      ok([fundRow, { ...fundRow, id: 2, agentId: 1, agentName: '星途总代', availableChangeFen: -500 }], 2),
    ),
    on(queryDeviceMonthStatistic, () => ok([deviceRow], 1)),
    on(queryWebNetBarPage, () => ok([netBarRow], 1)),
  ];
  const paths = new Set(overrides.map((r) => r.path));
  return stubApi(...overrides, ...routes.filter((r) => !paths.has(r.path)));
}

let view: { unmount: () => void } | undefined;
let client: ReturnType<typeof createQueryClient> | undefined;

function renderWorkbench() {
  writeLoginState(true);
  client = createQueryClient();
  const router = createMemoryRouter(createRoutes(client), { initialEntries: ['/'] });
  view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const card = (testId: string) => screen.getByTestId(testId);
const figureCell = (testId: string, measure: string, period: string) =>
  card(testId).querySelector(`tr[data-measure="${measure}"] td[data-period="${period}"]`)?.textContent;

beforeEach(() => {
  tabsStore.set(initialTabsState);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  act(() => view?.unmount());
  client?.clear();
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
});

describe('WorkbenchRoute', () => {
  it('shows the operator every card: the three totals, its own card, finance, the lists and the later parts', async () => {
    const operator = agentFixture({
      id: 1,
      agentLevel: 0,
      userId: 10000,
      xuanhaoApp: true,
      hasMemberFinanceMenu: true,
      setSettleAuthority: true,
      setTopAuthority: true,
    });
    const calls = api(operator);
    renderWorkbench();

    // The totals: today, yesterday, this month, amounts in yuan with two decimals.
    await waitFor(() => expect(figureCell('home-stats-all', 'orders', 'today')).toBe('12'), SLOW);
    expect(figureCell('home-stats-all', 'paid', 'today')).toBe('1,234.56');
    expect(figureCell('home-stats-all', 'earnings', 'yesterday')).toBe('15.00');
    expect(figureCell('home-stats-all', 'paid', 'thisMonth')).toBe('45,678.90');
    await waitFor(() => expect(figureCell('home-stats-web', 'orders', 'today')).toBe('24'));
    await waitFor(() => expect(figureCell('home-stats-app', 'orders', 'thisMonth')).toBe('963'));
    expect(card('home-stats-all').querySelector('.sparkline-chart')?.getAttribute('aria-label')).toContain(
      '近30天支付金额(元)：03-01 至 03-30',
    );
    expect(
      within(card('home-stats-all'))
        .getByRole('link', { name: /查看统计/ })
        .getAttribute('href'),
    ).toBe('/summary-stats');
    expect(within(card('home-stats-web')).getByRole('link').getAttribute('href')).toBe('/web-summary-stats');
    expect(within(card('home-stats-app')).getByRole('link').getAttribute('href')).toBe('/APP-summary-stats');
    expect(await screen.findByText('数据更新于 2026-03-30 12:00:00')).toBeTruthy();
    for (const path of [
      homeStatisticsCount.path,
      homeWebStatisticsCount.path,
      homeAppStatisticsCount.path,
      homeWorkbenchUpdateTime.path,
    ]) {
      expect(calls.filter((c) => c.path === path)).toHaveLength(1);
    }

    // Its own card and onboarding stay.
    expect(screen.getByText('我的代理信息')).toBeTruthy();
    expect(screen.getByText('账号完善进度')).toBeTruthy();

    // Finance: the balances and the latest withdrawal.
    await waitFor(() =>
      expect(
        within(card('workbench-finance')).getByTestId('workbench-finance-available').textContent,
      ).toContain('1,234.00'),
    );
    expect(within(card('workbench-finance')).getByTestId('workbench-finance-frozen').textContent).toContain(
      '500.00',
    );
    expect(within(card('workbench-finance')).getAllByText('500.00')).toHaveLength(2);
    expect(within(card('workbench-finance')).getByText('处理中')).toBeTruthy();

    // The lists: the first five rows, the count of all, a link to the screen.
    const agents = card('workbench-agents');
    await waitFor(() => expect(within(agents).getByText('下级代理5')).toBeTruthy());
    expect(within(agents).queryByText('下级代理6')).toBeNull();
    expect(within(agents).getByText('共 42 条')).toBeTruthy();
    expect(
      within(agents)
        .getByRole('link', { name: /查看全部/ })
        .getAttribute('href'),
    ).toBe('/agent-mgt');
    await waitFor(() => expect(within(card('workbench-users')).getByText('880001')).toBeTruthy());
    await waitFor(() => expect(within(card('workbench-orders')).getAllByText('19.90')).toHaveLength(2));
    const fund = card('workbench-fund-details');
    await waitFor(() => expect(within(fund).getByText('+12.34')).toBeTruthy());
    // The caller's own entries say 本级, the others their agent.
    expect(within(fund).getByText('鹏城电竞')).toBeTruthy();
    expect(within(fund).getByText('本级')).toBeTruthy();
    expect(within(fund).getByText('-5.00')).toBeTruthy();
    expect(within(fund).queryByText('星途总代')).toBeNull();
    await waitFor(() => expect(within(card('workbench-devices')).getByText('45.00')).toBeTruthy());
    await waitFor(() => expect(within(card('workbench-net-bars')).getByText('77.00')).toBeTruthy());

    // The lists ask what their screens ask: the same first page.
    const body = (path: string) => calls.find((c) => c.path === path)?.body;
    expect(body(queryAgentInfoPage.path)).toEqual({ pageNum: 1, pageSize: 30 });
    expect(body(queryFundDetails.path)).toEqual({ agentIds: [1], pageNum: 1, pageSize: 30 });
    expect(body(queryOrderBarPage.path)).toMatchObject({ timeType: '10', pageNum: 1, pageSize: 30 });
    expect((body(queryUsersPage.path) as { startTime: string }).startTime).toMatch(/ 00:00:00$/);

    // What comes later says so, with no figures.
    expect(screen.getByText('置顶商品')).toBeTruthy();
    expect(screen.getByText('推广模块')).toBeTruthy();
    expect(screen.getByText('新闻与弹窗')).toBeTruthy();
    expect(screen.getAllByText('该功能即将上线')).toHaveLength(3);
  }, 120_000);

  it('shows a promoter (level 5, no permissions) only the cards of the screens it may see', async () => {
    const calls = api(agentFixture({ id: 6, agentLevel: 5, userId: 10005 }));
    renderWorkbench();
    await waitFor(() => expect(figureCell('home-stats-all', 'orders', 'today')).toBe('12'), SLOW);
    await waitFor(() => expect(within(card('workbench-orders')).getAllByText('19.90')).toHaveLength(2));
    for (const testId of [
      'home-stats-app',
      'workbench-agents',
      'workbench-fund-details',
      'workbench-devices',
    ]) {
      expect(screen.queryByTestId(testId)).toBeNull();
    }
    expect(screen.queryByText('置顶商品')).toBeNull();
    expect(screen.getAllByText('该功能即将上线')).toHaveLength(2);
    // The APP totals are never asked for (the server refuses them), nor the lists it may not see.
    for (const path of [
      homeAppStatisticsCount.path,
      queryAgentInfoPage.path,
      queryDeviceMonthStatistic.path,
    ]) {
      expect(calls.some((c) => c.path === path)).toBe(false);
    }
  }, 120_000);

  it('shows a small retry in a card whose totals failed, without a toast, while the others show theirs', async () => {
    let failing = true;
    api(
      agentFixture({ id: 4, agentLevel: 3 }),
      on(homeStatisticsCount, () => (failing ? fail('9999', '服务器开小差了') : ok(homeStats(1)))),
      on(queryUsersPage, () => fail('9999', '服务器开小差了')),
    );
    renderWorkbench();
    await waitFor(() => expect(figureCell('home-stats-web', 'orders', 'today')).toBe('24'), SLOW);
    const all = card('home-stats-all');
    await waitFor(() => expect(within(all).getByText('加载失败')).toBeTruthy());
    // A failed list says so in its card too; no toast for any of them (spec section 8).
    await waitFor(() => expect(within(card('workbench-users')).getByText('加载失败')).toBeTruthy());
    expect(screen.queryByText('服务器开小差了')).toBeNull();
    await waitFor(() => expect(within(card('workbench-orders')).getAllByText('19.90')).toHaveLength(2));

    failing = false;
    await userEvent.click(within(all).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(figureCell('home-stats-all', 'orders', 'today')).toBe('12'));
  }, 120_000);

  it('lists the net bars of today (00:00:00 to 23:59:59, terminal 3) and opens 网页推广管理 on that range', async () => {
    const calls = api(agentFixture({ id: 4, agentLevel: 3 }));
    renderWorkbench();
    const bars = await screen.findByTestId('workbench-net-bars', {}, SLOW);
    await waitFor(() => expect(within(bars).getByText('极速网咖')).toBeTruthy(), SLOW);
    const request = calls.find((c) => c.path === queryWebNetBarPage.path)?.body as Record<string, unknown>;
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(request).toEqual({
      startTime: `${today} 00:00:00`,
      endTime: `${today} 23:59:59`,
      terminal: 3,
      pageNum: 1,
      pageSize: 30,
    });
    const href =
      within(bars)
        .getByRole('link', { name: /查看全部/ })
        .getAttribute('href') ?? '';
    const [path, search] = href.split('?');
    expect(path).toBe('/web-mgt');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      startTime: `${today} 00:00:00`,
      endTime: `${today} 23:59:59`,
      terminal: '3',
    });
  }, 120_000);
});
