import { queryAgentInfo } from '@agent-console/contract/agent';
import {
  type AmountDetailTotal,
  type FundDetailItem,
  queryFundDetails,
  totalFundDetails,
} from '@agent-console/contract/fund-details';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { agentFixture, ok, on, stubApi } from '../../../testing/fetch-stub';
import { FundDetailList } from './fund-detail-list';

const entry = (id: number, overrides: Partial<FundDetailItem> = {}): FundDetailItem => ({
  id,
  createTime: `2026-03-0${id} 10:00:00`,
  agentId: 4,
  agentName: '鹏城电竞网咖联盟',
  agentLevel: 3,
  kind: 'order_share',
  availableChangeFen: 1234,
  frozenChangeFen: 0,
  availableAfterFen: 1234,
  frozenAfterFen: 0,
  orderId: 9,
  orderNo: 'NO00000009',
  withdrawalId: null,
  deviceSettlementId: null,
  reason: null,
  ...overrides,
});

const rows = [
  entry(2, {
    kind: 'withdraw_hold',
    availableChangeFen: -1000,
    frozenChangeFen: 1000,
    availableAfterFen: 234,
    frozenAfterFen: 1000,
    orderId: null,
    orderNo: null,
    withdrawalId: 3,
  }),
  entry(1),
];
const totals: AmountDetailTotal = {
  count: 2,
  incomeFen: 1234,
  expenseFen: 1000,
  netFen: 234,
  frozenNetFen: 1000,
  byKind: [
    { kind: 'order_share', count: 1, availableChangeFen: 1234, frozenChangeFen: 0 },
    { kind: 'withdraw_hold', count: 1, availableChangeFen: -1000, frozenChangeFen: 1000 },
  ],
};

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

async function renderList(members: boolean, hasMenu: boolean) {
  const calls = stubApi(
    on(queryAgentInfo, () => ok(agentFixture({ id: 4, hasMemberFinanceMenu: hasMenu }))),
    on(queryFundDetails, () => ok(rows, rows.length)),
    on(totalFundDetails, () => ok(totals)),
  );
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: '/list', element: <FundDetailList members={members} /> }], {
    initialEntries: ['/list'],
  });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The list's chunks are transformed on first use here: give it time on a loaded machine.
  await screen.findByText('订单 NO00000009', {}, { timeout: 90_000 });
  await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 20_000 });
  const done = async () => {
    act(() => view.unmount());
    client.clear();
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  };
  return { calls, view, done };
}

describe('FundDetailList', () => {
  it("shows the caller's own entries: kinds, signed yuan, what each refers to, and the totals row", async () => {
    const { calls, view, done } = await renderList(false, false);
    const page = calls.find((c) => c.path === queryFundDetails.path);
    expect(page?.body).toEqual({ pageNum: 1, pageSize: 30 });
    const text = view.container.textContent ?? '';
    expect(text).toContain('订单分润');
    expect(text).toContain('提现冻结');
    expect(text).toContain('+12.34');
    expect(text).toContain('-10.00');
    expect(text).toContain('+10.00');
    expect(text).toContain('订单 NO00000009');
    expect(text).toContain('提现单 3');
    expect(text).toMatch(/收入\s*12\.34\s*元/);
    expect(text).toMatch(/支出\s*10\.00\s*元/);
    expect(text).toMatch(/净额\s*\+2\.34\s*元/);
    // The own view has no agent filter nor agent column.
    expect(text).not.toContain('市级代理');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    await done();
  }, 120_000);

  it('asks for the subtree on /amount-details and shows who each entry belongs to', async () => {
    const { calls, view, done } = await renderList(true, true);
    const page = calls.find((c) => c.path === queryFundDetails.path);
    expect(page?.body).toEqual({ agentIds: [4], pageNum: 1, pageSize: 30 });
    const totalsCall = calls.find((c) => c.path === totalFundDetails.path);
    expect(totalsCall?.body).toEqual({ agentIds: [4] });
    const text = view.container.textContent ?? '';
    expect(text).toContain('市级代理 · ID 4');
    expect(text).toContain('代理');
    await done();
  }, 120_000);
});
