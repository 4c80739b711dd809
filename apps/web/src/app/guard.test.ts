import { customSiteInfo, queryAgentInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { readLoginState, writeLoginState } from '../lib/login-state';
import * as notify from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { agentFixture, fail, ok, on, stubApi } from '../testing/fetch-stub';
import { createGuard } from './guard';

/** Runs the guard for a path: null when the navigation may go on, else where it is sent. */
async function navigate(guard: ReturnType<typeof createGuard>, path: string): Promise<string | null> {
  const args = {
    request: new Request(`http://console.test${path}`),
    params: {},
    context: {},
  } as LoaderFunctionArgs;
  try {
    await guard(args);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return thrown.headers.get('Location');
    }
    throw thrown;
  }
}

const site = on(customSiteInfo, () => ok({ logo: null, name: '星途代理' }));

describe('the navigation guard', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });

  it('sends a visitor who is not logged in to /login, keeping the wanted page, except for /login and /404', async () => {
    const calls = stubApi(
      site,
      on(isLogin, () => ok(false)),
    );
    const guard = createGuard(createQueryClient());
    expect(await navigate(guard, '/setting?x=1')).toBe('/login?redirect=%2Fsetting%3Fx%3D1');
    expect(await navigate(guard, '/')).toBe('/login');
    expect(await navigate(guard, '/login')).toBeNull();
    expect(await navigate(guard, '/404')).toBeNull();
    expect(await navigate(guard, '/no-such-page')).toBe('/login?redirect=%2Fno-such-page');
    // Login state and site info are asked once, then cached.
    expect(calls.filter((c) => c.path === isLogin.path)).toHaveLength(1);
    expect(calls.filter((c) => c.path === customSiteInfo.path)).toHaveLength(1);
    expect(readLoginState()).toBe(false);
  });

  it('sends a logged-in agent away from /login to the workbench', async () => {
    writeLoginState(true);
    stubApi(
      site,
      on(queryAgentInfo, () => ok(agentFixture())),
      on(queryUnfinishedTask, () => ok([])),
    );
    expect(await navigate(createGuard(createQueryClient()), '/login')).toBe('/');
  });

  it('loads agent info and tasks once, then lets the agent through the routes it may see', async () => {
    writeLoginState(true);
    const calls = stubApi(
      site,
      on(queryAgentInfo, () => ok(agentFixture({ agentLevel: 0, userId: 10000 }))),
      on(queryUnfinishedTask, () => ok([{ type: 5, finished: false }])),
    );
    const queryClient = createQueryClient();
    const guard = createGuard(queryClient);
    expect(await navigate(guard, '/')).toBeNull();
    expect(await navigate(guard, '/setting')).toBeNull();
    expect(await navigate(guard, '/user-center')).toBeNull();
    expect(calls.filter((c) => c.path === queryAgentInfo.path)).toHaveLength(1);
    expect(calls.filter((c) => c.path === queryUnfinishedTask.path)).toHaveLength(1);
    expect(queryClient.getQueryData([queryUnfinishedTask.path])).toEqual([{ type: 5, finished: false }]);
  });

  it('sends an agent to the 404 page for a route its permissions do not generate', async () => {
    writeLoginState(true);
    stubApi(
      site,
      on(queryAgentInfo, () => ok(agentFixture({ agentLevel: 3 }))),
      on(queryUnfinishedTask, () => ok([])),
    );
    const guard = createGuard(createQueryClient());
    expect(await navigate(guard, '/setting')).toBe('/404');
    expect(await navigate(guard, '/user-center')).toBeNull();
  });

  it('treats an expired session as logged out', async () => {
    writeLoginState(true);
    stubApi(
      site,
      on(queryAgentInfo, () => fail('9996', '登录已失效，请重新登录')),
      on(queryUnfinishedTask, () => fail('9996', '登录已失效，请重新登录')),
    );
    expect(await navigate(createGuard(createQueryClient()), '/user-center')).toBe(
      '/login?redirect=%2Fuser-center',
    );
    expect(readLoginState()).toBeNull();
  });

  it('still lets the agent in when site info cannot be loaded', async () => {
    writeLoginState(true);
    stubApi(
      on(customSiteInfo, () => fail('9999', '系统繁忙')),
      on(queryAgentInfo, () => ok(agentFixture())),
      on(queryUnfinishedTask, () => ok([])),
    );
    expect(await navigate(createGuard(createQueryClient()), '/')).toBeNull();
  });
});
