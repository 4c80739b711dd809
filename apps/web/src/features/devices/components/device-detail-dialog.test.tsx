import { type DeviceMonthStat, queryDeviceDetail } from '@agent-console/contract/devices';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ok, on, stubApi } from '../../../testing/fetch-stub';
import { canSettle, settleStatusOf } from '../device-labels';
import { DeviceDetailDialog } from './device-detail-dialog';

const row: DeviceMonthStat = {
  key: '7-2026-02',
  agentId: 7,
  agentName: '南山科技园网咖',
  agentLevel: 4,
  month: '2026-02',
  netBarCount: 1,
  deviceCount: 2,
  validDeviceCount: 1,
  minDays: 15,
  amountPerDevice: 500,
  settlementAmount: 500,
  status: 0,
  closed: true,
  settledValidDeviceCount: null,
  settleTime: null,
  settledByName: null,
};

const devices = [
  {
    id: 1,
    agentId: 7,
    netBarId: 3,
    netBarName: '星空网吧',
    deviceCode: 'PC001',
    month: '2026-02',
    activeDays: 18,
    reportedDays: 19,
    valid: true,
  },
  {
    id: 2,
    agentId: 7,
    netBarId: 3,
    netBarName: '星空网吧',
    deviceCode: 'PC002',
    month: '2026-02',
    activeDays: 9,
    reportedDays: 9,
    valid: false,
  },
];

describe('DeviceDetailDialog', () => {
  // antd's select popup measures itself; jsdom has no ResizeObserver.
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

  it('lists the agent month’s devices with their days and filters them by validity', async () => {
    const calls = stubApi(
      on(queryDeviceDetail, (body) => {
        const rows = body.valid === undefined ? devices : devices.filter((d) => d.valid === body.valid);
        return ok(rows, rows.length);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DeviceDetailDialog row={row} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('设备明细：南山科技园网咖 2026-02')).toBeTruthy();
    expect(await screen.findByText('PC002')).toBeTruthy();
    expect(screen.getByText('有效')).toBeTruthy();
    expect(screen.getByText('无效')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ agentId: 7, month: '2026-02', pageNum: 1 });

    await userEvent.click(screen.getByRole('combobox', { name: '是否有效' }));
    await userEvent.click(await screen.findByText('无效设备'));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ valid: false }));
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).queryByText('PC001')).toBeNull());
    expect(within(table).getByText('PC002')).toBeTruthy();
  });
});

describe('the settle action and status', () => {
  it('is offered to the operator with setSettleAuthority on a closed unsettled month with a valid device only', () => {
    const operator = { agentLevel: 0, setSettleAuthority: true };
    expect(canSettle(operator, row)).toBe(true);
    expect(canSettle({ agentLevel: 1, setSettleAuthority: true }, row)).toBe(false);
    expect(canSettle({ agentLevel: 0, setSettleAuthority: false }, row)).toBe(false);
    expect(canSettle(operator, { ...row, closed: false })).toBe(false);
    expect(canSettle(operator, { ...row, status: 1 })).toBe(false);
    expect(canSettle(operator, { ...row, validDeviceCount: 0 })).toBe(false);
    expect(settleStatusOf(row).text).toBe('未结算');
    expect(settleStatusOf({ ...row, closed: false }).text).toBe('本月进行中');
    expect(settleStatusOf({ ...row, status: 1 }).text).toBe('已结算');
  });
});
