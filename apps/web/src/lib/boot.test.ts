import { customSiteInfo, queryAgentInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import { BOOT_ELEMENT_ID } from '@agent-console/contract/boot';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeBootAnswers } from '../testing/boot-page';
import { agentFixture } from '../testing/fetch-stub';
import { clearLoginState, readLoginState } from './login-state';
import { createQueryClient } from './query-client';

/** lib/boot reads the page once per load: a fresh module per test is a fresh page load. */
const load = async () => {
  vi.resetModules();
  return import('./boot');
};

const SESSION = {
  [customSiteInfo.path]: { logo: null, name: '星途代理' },
  [isLogin.path]: true,
  [queryAgentInfo.path]: agentFixture({ id: 7 }),
  [queryUnfinishedTask.path]: [{ type: 2, finished: false }],
};

beforeEach(() => clearLoginState());
afterEach(() => document.body.replaceChildren());

describe('the boot answers of the page', () => {
  it('seed the login state and the session queries, once', async () => {
    writeBootAnswers(SESSION);
    const boot = await load();
    const client = createQueryClient();
    boot.seedBootAnswers(client);
    expect(readLoginState()).toBe(true);
    expect(client.getQueryData([customSiteInfo.path])).toEqual(SESSION[customSiteInfo.path]);
    expect(client.getQueryData([queryAgentInfo.path])).toEqual(SESSION[queryAgentInfo.path]);
    expect(client.getQueryData([queryUnfinishedTask.path])).toEqual(SESSION[queryUnfinishedTask.path]);
    expect(document.getElementById(BOOT_ELEMENT_ID)).toBeNull();
    // Taken: a second client (a later navigation's reads) asks the server.
    const later = createQueryClient();
    boot.seedBootAnswers(later);
    expect(later.getQueryData([queryAgentInfo.path])).toBeUndefined();
  });

  it('say "not logged in" when the server found no session', async () => {
    writeBootAnswers({ [isLogin.path]: false, [customSiteInfo.path]: SESSION[customSiteInfo.path] });
    const boot = await load();
    const client = createQueryClient();
    boot.seedBootAnswers(client);
    expect(readLoginState()).toBe(false);
    expect(client.getQueryData([queryAgentInfo.path])).toBeUndefined();
  });

  it('leave out an answer that does not parse as its call, and everything when the block is not JSON', async () => {
    writeBootAnswers({ ...SESSION, [queryAgentInfo.path]: { id: 'seven' }, [isLogin.path]: 'yes' });
    const boot = await load();
    const client = createQueryClient();
    boot.seedBootAnswers(client);
    expect(readLoginState()).toBeNull();
    expect(client.getQueryData([queryAgentInfo.path])).toBeUndefined();
    expect(client.getQueryData([queryUnfinishedTask.path])).toEqual(SESSION[queryUnfinishedTask.path]);

    document.body.replaceChildren();
    writeBootAnswers(undefined, `{"${isLogin.path}": tru`);
    const reloaded = await load();
    expect(() => reloaded.seedBootAnswers(createQueryClient())).not.toThrow();
    expect(readLoginState()).toBeNull();
    expect(document.getElementById(BOOT_ELEMENT_ID)).toBeNull();
  });
});
