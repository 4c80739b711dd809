import { defaultRange, formatDateTime } from '@agent-console/contract/dates';
import { OrderSourceLabels, OrderStatusLabels, TerminalTypeLabels } from '@agent-console/contract/enums';
import {
  ORDER_SOURCE_CODES,
  ORDER_STATUS_CODES,
  type RentType,
  RentTypeLabels,
} from '@agent-console/contract/ingest';

const labelOf = (labels: Readonly<Record<number, string>>, code: number) => labels[code] ?? String(code);

export const statusLabel = (code: number) => labelOf(OrderStatusLabels, code);
export const sourceLabel = (code: number) => labelOf(OrderSourceLabels, code);
export const terminalLabel = (code: number) => labelOf(TerminalTypeLabels, code);
export const rentTypeLabel = (type: RentType) => RentTypeLabels[type];

/** The antd Tag color of an order status. */
export const STATUS_COLORS: Readonly<Record<number, string>> = {
  10: 'gold',
  30: 'blue',
  40: 'processing',
  50: 'success',
  52: 'cyan',
  60: 'default',
  70: 'error',
};

export const statusOptions = ORDER_STATUS_CODES.map((value) => ({ value, label: statusLabel(value) }));
export const sourceOptions = ORDER_SOURCE_CODES.map((value) => ({ value, label: sourceLabel(value) }));
export const terminalOptions = [0, 1, 2, 3, 4, 5, 6].map((value) => ({ value, label: terminalLabel(value) }));

/** The rented duration: hours and minutes. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}分钟` : m === 0 ? `${h}小时` : `${h}小时${m}分钟`;
}

/** The last 30 days (spec section 4: the default range, also what 重置 goes back to). */
export function last30Days(now = new Date()): { startTime: string; endTime: string } {
  const [start, end] = defaultRange(now);
  return { startTime: formatDateTime(start), endTime: formatDateTime(end) };
}

/** The date range field of the filter forms and the two filter keys it holds. */
export const RANGE_FIELDS = { range: ['startTime', 'endTime'] } as const;

/** For month rows (timeType '20') the end becomes the end of its month, 23:59:59 (spec section 4). */
export function monthAligned<Q extends { timeType?: string | undefined; endTime?: string | undefined }>(
  query: Q,
): Q {
  if (query.timeType !== '20' || !query.endTime) return query;
  const [y = 0, m = 1] = query.endTime.slice(0, 7).split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { ...query, endTime: `${query.endTime.slice(0, 7)}-${String(last).padStart(2, '0')} 23:59:59` };
}
