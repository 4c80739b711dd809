import { queryAgentInfo } from '@agent-console/contract/agent';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { queryUserInfo } from '@agent-console/contract/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { agentFixture, ok, on, stubApi } from '../../../testing/fetch-stub';
import { openSecurityDialog } from '../dialog-store';
import { SecurityDialogsHost } from './security-dialogs-host';

const user = {
  userId: 10003,
  mobilePhone: '138****0003',
  isSetPayPassword: false,
  isSetLoginPassword: true,
  phoneVerified: false,
  realNameStatus: null,
  createTime: '2026-01-01 08:00:00',
  lastLoginTime: null,
};

beforeEach(() => {
  // antd's dialogs measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('SecurityDialogsHost', () => {
  it('draws nothing and calls nothing until a dialog is asked for, then loads the dialogs and opens it', async () => {
    const calls = stubApi(
      on(queryAgentInfo, () => ok(agentFixture({ agentLevel: 3, userId: 10003 }))),
      on(queryUserInfo, () => ok(user)),
      on(queryUnfinishedTask, () => ok([{ type: 1, finished: false }])),
    );
    const client = createQueryClient();
    const { container, unmount } = render(
      <QueryClientProvider client={client}>
        <SecurityDialogsHost />
      </QueryClientProvider>,
    );
    expect(container.innerHTML).toBe('');
    expect(calls).toHaveLength(0);
    act(() => openSecurityDialog({ kind: 'verifyPhone' }));
    // The dialogs' chunk is transformed on first use here: give it time.
    expect(await screen.findByText('验证绑定手机', {}, { timeout: 20_000 })).toBeTruthy();
    // Leave React nothing to do after the test (its scheduler would run it once jsdom is gone, on a
    // loaded machine): let the dialog's loads settle, unmount, drop the cache and let the last
    // scheduled work run while the environment is still here.
    await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 20_000 });
    act(() => unmount());
    client.clear();
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  });
});
