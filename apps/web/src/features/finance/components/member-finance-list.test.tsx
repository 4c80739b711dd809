import { AGENT_TREE_ROOT_ID } from '@agent-console/contract/agent';
import {
  type MemberFinanceItem,
  queryMemberFinance,
  queryMemberFinanceTotal,
} from '@agent-console/contract/members';
import { adjustBalance } from '@agent-console/contract/withdrawals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ok, on, stubApi } from '../../../testing/fetch-stub';
import { adjustAmountFen } from './adjust-balance-dialog';
import { MemberFinanceList, memberFinanceDefaults } from './member-finance-list';

const row = (agentId: number, name: string, level: number, available: number): MemberFinanceItem => ({
  agentId,
  agentName: name,
  agentLevel: level,
  mobilePhone: '138****0001',
  available,
  frozen: 5000,
  totalWithdrawn: 100,
  totalIncome: available + 5100,
  rangeIncome: 123456,
});

const tree = (id: number) => [
  { id: AGENT_TREE_ROOT_ID, label: '全部', children: [{ id, label: '本级', children: [] }] },
];

function renderList(agent: { id: number; agentLevel: number }) {
  const router = createMemoryRouter(
    [
      {
        path: '/financial-mgt',
        element: <MemberFinanceList agent={{ ...agent, structuredPid: tree(agent.id) }} />,
      },
    ],
    { initialEntries: ['/financial-mgt'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const totals = {
  memberCount: 2,
  available: 1234567,
  frozen: 10000,
  totalWithdrawn: 200,
  totalIncome: 1244767,
  rangeIncome: 246912,
};

describe('MemberFinanceList', () => {
  beforeEach(() => {
    // antd's table and popups measure themselves; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('loads the last 30 days, shows amounts and totals in yuan, and no 调账 below level 0', async () => {
    const calls = stubApi(
      on(queryMemberFinance, () => ok([row(4, '深圳市代', 3, 1234567), row(5, '南山区代', 4, 0)], 2)),
      on(queryMemberFinanceTotal, () => ok(totals)),
    );
    renderList({ id: 4, agentLevel: 3 });
    expect(await screen.findByText('深圳市代', {}, { timeout: 5000 })).toBeTruthy();
    const first = calls.find((c) => c.path === queryMemberFinance.path)?.body as Record<string, unknown>;
    expect(first).toMatchObject({ ...memberFinanceDefaults(), pageNum: 1, pageSize: 30 });
    expect(screen.getByText('本级')).toBeTruthy();
    expect(screen.getAllByText('12,345.67').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('1,234.56').length).toBe(2);
    await waitFor(() => expect(screen.getByText('成员数')).toBeTruthy());
    expect(screen.getByText('2,469.12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '调账' })).toBeNull();
  });

  it('lets the operator adjust a member: checks the amount in yuan, shows the balance after, sends fen', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi(
      on(queryMemberFinance, () => ok([row(1, '总代理', 0, 0), row(7, '华南总代', 1, 10000)], 2)),
      on(queryMemberFinanceTotal, () => ok(totals)),
      on(adjustBalance, (body) =>
        ok({
          available: 10000 + body.amount,
          frozen: 5000,
          totalIncome: 15100 + body.amount,
          totalWithdrawn: 100,
        }),
      ),
    );
    renderList({ id: 1, agentLevel: 0 });
    // The operator's own row has no 调账.
    const buttons = await screen.findAllByRole('button', { name: '调账' }, { timeout: 5000 });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const balances = within(dialog).getByTestId('adjust-balances');
    expect(balances.textContent).toContain('当前可用余额 100.00 元');

    const amount = within(dialog).getByRole('textbox', { name: '调整金额' });
    await user.click(within(dialog).getByRole('button', { name: '确定调账' }));
    expect(await within(dialog).findByText('请输入调整金额')).toBeTruthy();
    expect(await within(dialog).findByText('请输入调整原因')).toBeTruthy();
    await user.type(amount, '1.234');
    expect(await within(dialog).findByText('请输入正确的金额，最多两位小数')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '-100.01');
    expect(await within(dialog).findByText('可用余额不足')).toBeTruthy();
    expect(balances.textContent).toContain('调整后可用余额 -0.01 元');
    await user.clear(amount);
    await user.type(amount, '0');
    expect(await within(dialog).findByText('调整金额不能为0')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '-40.5');
    await waitFor(() => expect(balances.textContent).toContain('调整后可用余额 59.50 元'));
    await user.type(within(dialog).getByRole('textbox', { name: '调整原因' }), ' 多发冲回 ');
    await user.click(within(dialog).getByRole('button', { name: '确定调账' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === adjustBalance.path)?.body).toEqual({
        agentId: 7,
        amount: -4050,
        reason: '多发冲回',
      }),
    );
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('调账成功，可用余额 59.50 元'));
    // The list loads again after the adjustment.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === queryMemberFinance.path).length).toBeGreaterThan(1),
    );
  }, 90_000);

  it('reads amounts typed in yuan as fen, refusing more than two decimals and zero', () => {
    expect(adjustAmountFen('12.3')).toBe(1230);
    expect(adjustAmountFen(' -0.01 ')).toBe(-1);
    expect(adjustAmountFen('1.234')).toBeNull();
    expect(adjustAmountFen('0.00')).toBeNull();
    expect(adjustAmountFen('abc')).toBeNull();
  });
});
