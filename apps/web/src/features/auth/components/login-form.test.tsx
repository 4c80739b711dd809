import { captchaImage, login } from '@agent-console/contract/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readLoginState } from '../../../lib/login-state';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { fail, ok, on, stubApi } from '../../../testing/fetch-stub';
import { LoginForm, validateLogin } from './login-form';

function renderForm() {
  const onLoggedIn = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoginForm onLoggedIn={onLoggedIn} />
    </QueryClientProvider>,
  );
  return onLoggedIn;
}

const phoneInput = () => screen.getByRole('textbox', { name: '手机号' });
const passwordInput = () => screen.getByLabelText('密码');
const submit = () => screen.getByRole('button', { name: '登录' });

describe('validateLogin', () => {
  it('uses the messages of the spec', () => {
    expect(validateLogin({ mobilePhone: '', password: '', captchaCode: '' }, true)).toEqual({
      mobilePhone: '请输入手机号',
      password: '请输入密码',
      captchaCode: '请输入图片验证码',
    });
    expect(validateLogin({ mobilePhone: '12800000000', password: 'x', captchaCode: '' }, false)).toEqual({
      mobilePhone: '手机号不正确',
    });
    expect(validateLogin({ mobilePhone: '13800000000', password: 'x', captchaCode: '' }, false)).toEqual({});
  });
});

describe('LoginForm', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('shows the field messages instead of calling the server when the form is incomplete', async () => {
    const calls = stubApi();
    renderForm();
    await userEvent.click(submit());
    expect(screen.getByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    await userEvent.type(phoneInput(), '1234');
    await userEvent.click(submit());
    expect(screen.getByText('手机号不正确')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the password as its lowercase MD5 and remembers the login', async () => {
    const calls = stubApi(on(login, () => ok({ userId: 10000, agentId: 1 })));
    const onLoggedIn = renderForm();
    await userEvent.type(phoneInput(), '13800000000');
    await userEvent.type(passwordInput(), 'Demo2026');
    await userEvent.click(submit());
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toEqual({ mobilePhone: '13800000000', password: md5('Demo2026') });
    expect(readLoginState()).toBe(true);
  });

  it('asks for the image captcha after three failures and sends it with the next try', async () => {
    let attempts = 0;
    const calls = stubApi(
      on(login, (body) => {
        attempts += 1;
        if (attempts <= 3) return fail('2001', '手机号或密码错误');
        return body.captchaKey === 'k-1' && body.captchaCode === 'abcd'
          ? ok({ userId: 10000, agentId: 1 })
          : fail('2003', '图片验证码错误');
      }),
      on(captchaImage, () => ok({ captchaKey: 'k-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })),
    );
    const onLoggedIn = renderForm();
    await userEvent.type(phoneInput(), '13800000000');
    await userEvent.type(passwordInput(), 'wrong-1');
    for (let i = 0; i < 2; i++) {
      await userEvent.click(submit());
      await waitFor(() => expect(attempts).toBe(i + 1));
    }
    expect(screen.queryByPlaceholderText('请输入图片验证码')).toBeNull();
    await userEvent.click(submit());
    const captcha = await screen.findByPlaceholderText('请输入图片验证码');
    await screen.findByAltText('图片验证码');

    await userEvent.click(submit());
    expect(screen.getByText('请输入图片验证码', { selector: '[role="alert"]' })).toBeTruthy();
    await userEvent.type(captcha, 'abcd');
    await userEvent.click(submit());
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    const last = calls.filter((c) => c.path === login.path).at(-1);
    expect(last?.body).toMatchObject({ captchaKey: 'k-1', captchaCode: 'abcd' });
  });

  it('shows the captcha as soon as the server asks for it', async () => {
    stubApi(
      on(login, () => fail('2002', '请输入图片验证码')),
      on(captchaImage, () => ok({ captchaKey: 'k-2', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })),
    );
    renderForm();
    await userEvent.type(phoneInput(), '13800000000');
    await userEvent.type(passwordInput(), 'Demo2026');
    await userEvent.click(submit());
    expect(await screen.findByPlaceholderText('请输入图片验证码')).toBeTruthy();
  });
});
