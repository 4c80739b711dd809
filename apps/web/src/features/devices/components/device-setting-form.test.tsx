import { type DeviceSetting, updateDeviceSetting } from '@agent-console/contract/devices';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ok, on, stubApi } from '../../../testing/fetch-stub';
import { DeviceSettingForm } from './device-setting-form';

const setting: DeviceSetting = { minDays: 15, amountPerDevice: 500, updateTime: null };

function Harness() {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <DeviceSettingForm setting={setting} />
    </QueryClientProvider>
  );
}

describe('DeviceSettingForm', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('shows the rule in days and yuan, refuses what is out of range, and sends fen', async () => {
    const calls = stubApi(
      on(updateDeviceSetting, (body) => ok({ ...body, updateTime: '2026-03-02 10:00:00' })),
    );
    render(<Harness />);
    const days = screen.getByRole('textbox', { name: '有效天数' });
    const amount = screen.getByRole('textbox', { name: '每台结算金额' });
    expect((days as HTMLInputElement).value).toBe('15');
    expect((amount as HTMLInputElement).value).toBe('5.00');

    await userEvent.clear(days);
    await userEvent.type(days, '32');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.234');
    await userEvent.click(screen.getByRole('button', { name: '保存设备结算设置' }));
    expect(await screen.findByText('有效天数须在1到31天之间')).toBeTruthy();
    expect(screen.getByText('每台结算金额须在0.01元到1,000.00元之间，最多两位小数')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.clear(days);
    await userEvent.type(days, '20');
    await userEvent.clear(amount);
    await userEvent.type(amount, '6.5');
    await userEvent.click(screen.getByRole('button', { name: '保存设备结算设置' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ minDays: 20, amountPerDevice: 650 });
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('设备结算设置已保存'));
  });
});
