import { captchaChannel, captchaImage } from '@agent-console/contract/auth';
import { DIALOG_RESET_MS } from '@agent-console/contract/constants';
import { modifyPassword, setPayPassword } from '@agent-console/contract/security';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { fail, ok, on, stubApi } from '../../../testing/fetch-stub';
import { PasswordDialog } from './password-dialog';

const captcha = [
  on(captchaChannel, () => ok({ channel: 2 as const, captchaId: '/api/captcha/image' })),
  on(captchaImage, () => ok({ captchaKey: 'k', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })),
];

function Harness({
  mode,
  firstTime,
  onDone,
}: {
  mode: 'login' | 'pay';
  firstTime: boolean;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <PasswordDialog
        mode={mode}
        firstTime={firstTime}
        phone="138****0000"
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          onDone();
          setOpen(false);
        }}
      />
    </QueryClientProvider>
  );
}

const submitButton = () => screen.getByRole('button', { name: /确\s*定|下一步/ });

// Typing into antd forms under jsdom is slow (the first test also loads antd): more time.
describe('PasswordDialog', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('sets the first withdraw password in one step, hashed, without an SMS code', async () => {
    const calls = stubApi(
      ...captcha,
      on(setPayPassword, () => ok(true)),
    );
    const onDone = vi.fn();
    render(<Harness mode="pay" firstTime onDone={onDone} />);
    expect(screen.getByText('设置提现密码')).toBeTruthy();
    await userEvent.click(submitButton());
    expect(await screen.findByText('请输入新密码')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('新提现密码'), 'abcdef');
    expect(await screen.findByText('请输入6-20位数字字母组合')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('新提现密码'));
    await userEvent.type(screen.getByLabelText('新提现密码'), 'Pay123456');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.path === setPayPassword.path)?.body).toEqual({
      payPassword: md5('Pay123456'),
    });
  });

  it('stays on its step, without a success toast, when the server refuses the password', async () => {
    const calls = stubApi(
      ...captcha,
      on(setPayPassword, () => fail('1000', '提现密码不能与登录密码相同')),
    );
    const onDone = vi.fn();
    render(<Harness mode="pay" firstTime onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('新提现密码'), 'Pay123456');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(notify.notifyError).toHaveBeenCalledWith('提现密码不能与登录密码相同'));
    expect(calls.filter((c) => c.path === setPayPassword.path)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(notify.notifySuccess).not.toHaveBeenCalled();
    expect(screen.getByText('设置提现密码')).toBeTruthy();
    expect((screen.getByLabelText('新提现密码') as HTMLInputElement).value).toBe('Pay123456');
  });

  it('asks for the SMS code in a second step when the login password is changed again', async () => {
    const calls = stubApi(
      ...captcha,
      on(modifyPassword, () => ok(true)),
    );
    const onDone = vi.fn();
    render(<Harness mode="login" firstTime={false} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('新登录密码'), 'Newpass2026');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('验证码将发送至 138****0000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy();
    expect(calls.filter((c) => c.path === modifyPassword.path)).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.path === modifyPassword.path)?.body).toEqual({
      newLoginPassword: md5('Newpass2026'),
      smsCode: '123456',
    });
  });

  it('goes back to its first step about 0.5 s after closing', async () => {
    stubApi(...captcha);
    render(<Harness mode="login" firstTime={false} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText('新登录密码'), 'Newpass2026');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('验证码将发送至 138****0000')).toBeTruthy();
    const step = () => screen.getByTestId('login-password-dialog').getAttribute('data-step');
    const password = () => (screen.getByLabelText('新登录密码') as HTMLInputElement).value;
    const closeThenReopenAfter = (ms: number) => {
      fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
      act(() => vi.advanceTimersByTime(ms));
      fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    };
    vi.useFakeTimers();
    try {
      // Opened again before the 0.5 s are up: nothing is lost yet.
      closeThenReopenAfter(DIALOG_RESET_MS - 100);
      expect(step()).toBe('2');
      expect(password()).toBe('Newpass2026');
      closeThenReopenAfter(DIALOG_RESET_MS);
      expect(step()).toBe('1');
      expect(password()).toBe('');
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole('button', { name: '下一步' })).toBeTruthy();
  });
});
