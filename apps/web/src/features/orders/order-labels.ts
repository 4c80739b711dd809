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
