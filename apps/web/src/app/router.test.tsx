import { customSiteInfo, queryAgentInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { queryUserInfo } from '@agent-console/contract/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

// The first render transforms the lazily loaded layout and antd: give it time.
const SLOW = { timeout: 15_000 };

import { writeLoginState } from '../lib/login-state';
import { createQueryClient } from '../lib/query-client';
import { agentFixture, ok, on, stubApi } from '../testing/fetch-stub';
import { initialTabsState, tabsStore } from './layout/tabs-store';
import { createRoutes } from './router';

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const user = {
  userId: 10000,
  mobilePhone: '138****0000',
  isSetPayPassword: false,
  isSetLoginPassword: true,
  phoneVerified: true,
  realNameStatus: 0,
  createTime: '2026-01-01 08:00:00',
  lastLoginTime: null,
};

const api = (agentLevel: number) =>
  stubApi(
    on(customSiteInfo, () => ok({ logo: null, name: '星途代理' })),
    on(isLogin, () => ok(true)),
    on(queryAgentInfo, () => ok(agentFixture({ agentLevel, userId: 10000 + agentLevel }))),
    on(queryUnfinishedTask, () => ok([{ type: 4, finished: false }])),
    on(queryUserInfo, () => ok(user)),
  );

describe('the console routes', () => {
  beforeEach(() => tabsStore.set(initialTabsState));

  it('shows a level 0 agent the layout with its menu, header and affixed workbench tab', async () => {
    writeLoginState(true);
    api(0);
    renderAt('/');
    const menu = await screen.findByRole('menu', {}, SLOW);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      '工作台',
      '客户端推广管理',
      '网页推广管理',
      '代理管理',
      '客户端数据统计',
      '网页汇总统计',
      '用户明细',
      '订单明细',
      '财务管理',
      '系统设置',
      '运营管理',
    ]);
    expect(screen.getByText('用户ID：10000')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '工作台' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByText('星途代理').length).toBeGreaterThan(0);
    expect(await screen.findByText('我的代理信息')).toBeTruthy();
  });

  it('sends a level 3 agent asking for /setting to the 404 page', async () => {
    writeLoginState(true);
    api(3);
    const router = renderAt('/setting');
    expect(await screen.findByText('抱歉，您访问的页面不存在', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('issue 9: sends a level 1 agent asking for /ingest-keys (operator only) to the 404 page', async () => {
    writeLoginState(true);
    api(1);
    const router = renderAt('/ingest-keys');
    expect(await screen.findByText('抱歉，您访问的页面不存在', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('opens the personal center in a tab next to the workbench, with the real-name state', async () => {
    writeLoginState(true);
    api(3);
    renderAt('/user-center');
    // In 账号安全 and again in 安全设置 below it.
    expect((await screen.findAllByText('审核中', {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['工作台', '个人中心']);
  });
});
