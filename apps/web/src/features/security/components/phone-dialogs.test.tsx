import { captchaChannel, captchaImage } from '@agent-console/contract/auth';
import { DIALOG_RESET_MS } from '@agent-console/contract/constants';
import { verifyMobilePhone } from '@agent-console/contract/security';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ok, on, stubApi } from '../../../testing/fetch-stub';
import { VerifyPhoneDialog } from './phone-dialogs';

const BOUND = '13900002005';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <VerifyPhoneDialog
        open={open}
        boundPhone={BOUND}
        onClose={() => setOpen(false)}
        onDone={() => setOpen(false)}
      />
    </QueryClientProvider>
  );
}

const phoneInput = () => screen.getByRole('textbox', { name: '手机号' }) as HTMLInputElement;

describe('VerifyPhoneDialog', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('starts with the bound phone filled in, and goes back to it when it resets', async () => {
    const calls = stubApi(
      on(captchaChannel, () => ok({ channel: 2 as const, captchaId: '/api/captcha/image' })),
      on(captchaImage, () => ok({ captchaKey: 'k', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })),
      on(verifyMobilePhone, () => ok(true)),
    );
    render(<Harness />);
    expect(phoneInput().value).toBe(BOUND);

    // It is still a field with its rules: emptied, it asks for the number.
    await userEvent.clear(phoneInput());
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(calls.some((c) => c.path === verifyMobilePhone.path)).toBe(false);

    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
      act(() => vi.advanceTimersByTime(DIALOG_RESET_MS));
      fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(phoneInput().value).toBe(BOUND));
  });
});
