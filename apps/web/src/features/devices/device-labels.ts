import type { DeviceMonthStat } from '@agent-console/contract/devices';

/** "YYYY-MM" of a local date. */
const monthOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** The months the filters offer: this month and the 23 before it, newest first. */
export function recentMonths(now = new Date(), count = 24): string[] {
  return Array.from({ length: count }, (_, i) => monthOf(new Date(now.getFullYear(), now.getMonth() - i, 1)));
}

/** The list's default range: the last six months, this one included. */
export function lastSixMonths(now = new Date()): { startMonth: string; endMonth: string } {
  return { startMonth: monthOf(new Date(now.getFullYear(), now.getMonth() - 5, 1)), endMonth: monthOf(now) };
}

/** A month's status as the list shows it: settled, unsettled, or still running (not settleable yet). */
export function settleStatusOf(row: Pick<DeviceMonthStat, 'status' | 'closed'>): {
  text: string;
  color: string;
} {
  if (row.status === 1) return { text: '已结算', color: 'green' };
  if (!row.closed) return { text: '本月进行中', color: 'blue' };
  return { text: '未结算', color: 'orange' };
}

/** Whether the 结算 action applies: the operator, a closed unsettled month with a valid device. */
export const canSettle = (
  agent: { agentLevel: number; setSettleAuthority: boolean },
  row: Pick<DeviceMonthStat, 'status' | 'closed' | 'validDeviceCount'>,
) =>
  agent.agentLevel === 0 &&
  agent.setSettleAuthority &&
  row.status === 0 &&
  row.closed &&
  row.validDeviceCount > 0;
