import { captchaChannel, captchaImage } from '@agent-console/contract/auth';
import { queryOwnFinance, type WithdrawChannel, withdrawApply } from '@agent-console/contract/withdrawals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { fail, ok, on, type Route, stubApi } from '../../../testing/fetch-stub';
import { WithdrawApplyDialog } from './withdraw-apply-dialog';

const channel: WithdrawChannel = {
  channel: 'alipay',
  channelName: '支付宝',
  payoutMode: 'manual',
  minAmount: 10000,
  feeRate: 60,
  feeFixed: 100,
  accountNo: 'de***@example.com',
  realName: '*伟',
};

const routes = (): Route[] => [
  on(captchaChannel, () => ok({ channel: 2 as const, captchaId: '/api/captcha/image' })),
  on(captchaImage, () => ok({ captchaKey: 'k', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })),
  on(queryOwnFinance, () => ok({ available: 50000, frozen: 0, totalIncome: 50000, totalWithdrawn: 0 })),
  // The channel call carries its `{x}` in the path.
  { path: '/api/finance/withdraw/channel/all', handle: () => ok([channel]) },
];

function Harness({ onDone }: { onDone: () => void }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <WithdrawApplyDialog open phone="138****0001" onClose={() => undefined} onDone={onDone} />
    </QueryClientProvider>
  );
}

const amountField = () => screen.getByRole('textbox', { name: '提现金额' });

describe('WithdrawApplyDialog', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('checks the amount in yuan as typed, then sends fen, the hashed password and the code', async () => {
    const calls = stubApi(
      ...routes(),
      on(withdrawApply, (body) =>
        ok({
          id: 1,
          agentId: 2,
          amount: body.amount,
          fee: 174,
          actualAmount: body.amount - 174,
          channel: 'alipay' as const,
          accountNo: 'de***@example.com',
          realName: '*伟',
          status: -1,
          stage: 'pending' as const,
          reason: null,
          createTime: '2026-03-02 10:00:00',
          reviewTime: null,
          finishTime: null,
        }),
      ),
    );
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    expect(await screen.findByText('到账账户：支付宝 de***@example.com（*伟）')).toBeTruthy();
    expect(screen.getByText('最低提现 100.00 元，手续费 0.6% + 1.00 元/笔')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请输入提现金额')).toBeTruthy();
    for (const [typed, message] of [
      ['12.345', '请输入正确的金额，最多两位小数'],
      ['99.99', '提现金额不能低于100.00元'],
      ['500.01', '可提现余额不足'],
    ] as const) {
      await userEvent.clear(amountField());
      await userEvent.type(amountField(), typed);
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '123.45');
    // 12345 fen: 0.6 % is 74.07 → 74, plus 100.
    expect(await screen.findByText(/手续费 1\.74 元，实际到账 121\.71 元/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('验证码将发送至 138****0001')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入提现密码')).toBeTruthy();
    expect(calls.filter((c) => c.path === withdrawApply.path)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('提现密码'), 'Demo2026');
    await userEvent.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.path === withdrawApply.path)?.body).toEqual({
      amount: 12345,
      channel: 'alipay',
      payPassword: md5('Demo2026'),
      smsCode: '123456',
    });
    expect(notify.notifySuccess).toHaveBeenCalledWith('提现申请已提交，请等待审核');
  }, 60_000);

  it('stays on the last step when the server refuses the password, keeping the code typed', async () => {
    stubApi(
      ...routes(),
      on(withdrawApply, () => fail('1000', '提现密码错误')),
    );
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    await screen.findByText('到账账户：支付宝 de***@example.com（*伟）');
    await userEvent.type(amountField(), '200');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    await userEvent.type(screen.getByLabelText('提现密码'), 'Wrong2026');
    await userEvent.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(notify.notifyError).toHaveBeenCalledWith('提现密码错误'));
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: '短信验证码' }) as HTMLInputElement).value).toBe('123456');
  }, 60_000);
});
