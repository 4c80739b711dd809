import { queryAgentInfo } from '@agent-console/contract/agent';
import { captchaChannel, captchaImage } from '@agent-console/contract/auth';
import { getSmsCode, getSmsCodeSigned, SMS_TOO_FREQUENT_MESSAGE } from '@agent-console/contract/security';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { agentFixture, fail, ok, on, stubApi } from '../../../testing/fetch-stub';
import { clearSmsCooldowns } from '../use-sms-sender';
import { SmsCodeField } from './sms-code-field';

let images = 0;
const captchaRoutes = () => [
  on(captchaChannel, () => ok({ channel: 2 as const, captchaId: '/api/captcha/image' })),
  on(captchaImage, () => {
    images += 1;
    return ok({
      captchaKey: `key-${images}`,
      svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${images}</text></svg>`,
    });
  }),
];

/** The caller's own bound phone, as the agent info gives it. */
const OWN = agentFixture().completeMobilePhone;
const agentInfoRoute = () => on(queryAgentInfo, () => ok(agentFixture()));

/** A form with an SMS field: to a typed `mobilePhone` when `getPhone` is given, else to the own phone. */
function FieldForm({ getPhone, phone }: { getPhone?: () => Promise<string | null>; phone?: string }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={phone ? { mobilePhone: phone } : {}}>
      {getPhone ? (
        <Form.Item name="mobilePhone">
          <Input aria-label="手机号" />
        </Form.Item>
      ) : null}
      <SmsCodeField
        smsTypeCode={getPhone ? 'RESET_PASSWORD' : 'LOGIN_PASSWORD'}
        active
        resetKey={0}
        {...(getPhone ? { getPhone } : {})}
      />
    </Form>
  );
}

function Harness({ getPhone, phone }: { getPhone?: () => Promise<string | null>; phone?: string }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <FieldForm {...(getPhone ? { getPhone } : {})} {...(phone ? { phone } : {})} />
    </QueryClientProvider>
  );
}

const sendButton = () => screen.getByRole('button', { name: /获取验证码|重新获取/ });

describe('SmsCodeField', () => {
  beforeEach(() => {
    images = 0;
    clearSmsCooldowns();
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('asks for the image captcha before sending and sends nothing without it', async () => {
    const calls = stubApi(
      ...captchaRoutes(),
      agentInfoRoute(),
      on(getSmsCodeSigned, () => ok({ mobilePhone: '138****0000', expireSeconds: 300, resendSeconds: 59 })),
    );
    render(<Harness />);
    await waitFor(() => expect(screen.getByAltText('图片验证码')).toBeTruthy());
    await userEvent.click(sendButton());
    expect(await screen.findByText('请输入图片验证码')).toBeTruthy();
    expect(calls.filter((c) => c.path === getSmsCodeSigned.path)).toHaveLength(0);
  });

  it('sends nothing while the phone field is not valid', async () => {
    const calls = stubApi(...captchaRoutes());
    render(<Harness getPhone={async () => null} />);
    await waitFor(() => expect(screen.getByAltText('图片验证码')).toBeTruthy());
    await userEvent.type(screen.getByRole('textbox', { name: '图片验证码' }), 'ABCD');
    await userEvent.click(sendButton());
    expect(calls.filter((c) => c.path === getSmsCode.path)).toHaveLength(0);
  });

  it('sends the payload of spec section 3 and counts down 59 s', async () => {
    const calls = stubApi(
      ...captchaRoutes(),
      on(getSmsCode, () => ok({ mobilePhone: '139****5005', expireSeconds: 300, resendSeconds: 59 })),
    );
    render(<Harness getPhone={async () => '13900005005'} phone="13900005005" />);
    await waitFor(() => expect(screen.getByAltText('图片验证码')).toBeTruthy());
    await userEvent.type(screen.getByRole('textbox', { name: '图片验证码' }), 'ABCD');
    await userEvent.click(sendButton());
    expect(await screen.findByText('59s后重新获取')).toBeTruthy();
    const sent = calls.find((c) => c.path === getSmsCode.path)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      scenario: 'RESET_PASSWORD',
      randStr: 'ABCD',
      ticket: 'key-1',
      smsTypeCode: 'RESET_PASSWORD',
      mobilePhone: '13900005005',
    });
    expect(String(sent.ctoken)).toMatch(/^[0-9a-f-]{36}$/);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes a new ctoken and a new captcha after a failed send', async () => {
    let attempt = 0;
    const calls = stubApi(
      ...captchaRoutes(),
      agentInfoRoute(),
      on(getSmsCodeSigned, () => {
        attempt += 1;
        return attempt === 1
          ? fail('2003', '图片验证码错误')
          : ok({ mobilePhone: '138****0000', expireSeconds: 300, resendSeconds: 59 });
      }),
    );
    render(<Harness />);
    await waitFor(() => expect(screen.getByAltText('图片验证码')).toBeTruthy());
    const captchaInput = screen.getByRole('textbox', { name: '图片验证码' });
    await userEvent.type(captchaInput, 'WRNG');
    await userEvent.click(sendButton());
    await waitFor(() => expect(images).toBe(2));
    await waitFor(() => expect((captchaInput as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText(/s后重新获取/)).toBeNull();
    await userEvent.type(captchaInput, 'GOOD');
    await userEvent.click(sendButton());
    expect(await screen.findByText('59s后重新获取')).toBeTruthy();
    const sends = calls
      .filter((c) => c.path === getSmsCodeSigned.path)
      .map((c) => c.body as Record<string, string>);
    expect(sends).toHaveLength(2);
    expect(sends[0]?.ticket).toBe('key-1');
    expect(sends[1]?.ticket).toBe('key-2');
    expect(sends[1]?.ctoken).not.toBe(sends[0]?.ctoken);
  });

  it('shows the countdown of a number sent to from another field at once: the own phone is that number', async () => {
    const calls = stubApi(
      ...captchaRoutes(),
      agentInfoRoute(),
      on(getSmsCode, () => ok({ mobilePhone: '138****0003', expireSeconds: 300, resendSeconds: 59 })),
      on(getSmsCodeSigned, () => ok({ mobilePhone: '138****0003', expireSeconds: 300, resendSeconds: 59 })),
    );
    // The phone dialog's field (the bound number typed in) and the identity dialog's (own phone),
    // both mounted, as the header mounts every dialog.
    render(
      <QueryClientProvider client={createQueryClient()}>
        <div data-testid="typed">
          <FieldForm getPhone={async () => OWN} phone={OWN} />
        </div>
        <div data-testid="own">
          <FieldForm />
        </div>
      </QueryClientProvider>,
    );
    const typed = within(screen.getByTestId('typed'));
    const own = within(screen.getByTestId('own'));
    await waitFor(() => expect(typed.getByAltText('图片验证码')).toBeTruthy());
    await waitFor(() => expect(own.getByAltText('图片验证码')).toBeTruthy());
    await userEvent.type(typed.getByRole('textbox', { name: '图片验证码' }), 'ABCD');
    await userEvent.click(typed.getByRole('button', { name: '获取验证码' }));
    expect(await typed.findByText('59s后重新获取')).toBeTruthy();
    const ownButton = own.getByRole('button', { name: /s后重新获取$/ }) as HTMLButtonElement;
    expect(ownButton.disabled).toBe(true);
    expect(calls.filter((c) => c.path === getSmsCodeSigned.path)).toHaveLength(0);

    // Another number typed in the first field may get a code at once.
    await userEvent.clear(typed.getByRole('textbox', { name: '手机号' }));
    await userEvent.type(typed.getByRole('textbox', { name: '手机号' }), '13900000009');
    // (The name may still carry the loading icon leaving: jsdom runs no motion.)
    expect((typed.getByRole('button', { name: /获取验证码$/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(own.getByRole('button', { name: /s后重新获取$/ })).toBeTruthy();
  });

  it('counts down and keeps the captcha when the server refuses a second code within the countdown', async () => {
    const calls = stubApi(
      ...captchaRoutes(),
      agentInfoRoute(),
      on(getSmsCodeSigned, () => fail('1029', SMS_TOO_FREQUENT_MESSAGE)),
    );
    render(<Harness />);
    await waitFor(() => expect(screen.getByAltText('图片验证码')).toBeTruthy());
    const captchaInput = screen.getByRole('textbox', { name: '图片验证码' }) as HTMLInputElement;
    await userEvent.type(captchaInput, 'ABCD');
    await userEvent.click(sendButton());
    expect(await screen.findByText('59s后重新获取')).toBeTruthy();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    // The limit is checked before the captcha: the one solved is still good for the next send.
    expect(images).toBe(1);
    expect(captchaInput.value).toBe('ABCD');
    expect(calls.filter((c) => c.path === getSmsCodeSigned.path)).toHaveLength(1);
  });
});
