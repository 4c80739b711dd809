import { Codes, chinaTimeToInstant } from '@agent-console/contract';
import { AppError } from './app-error';

/** China Standard Time has no daylight saving: a fixed +08:00 offset. */
const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD HH:mm:ss" in China Standard Time, whatever the server's own time zone. */
export function formatChinaTime(date: Date): string {
  const d = new Date(date.getTime() + CST_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

export const minutes = (n: number) => n * 60 * 1000;
export const hours = (n: number) => n * 60 * 60 * 1000;

/**
 * The instants of a filter's time range (wire times are China time, already validated by the
 * contract's `FilterTime`): a bare end date runs to its last second. Refuses a start after the end.
 */
export function chinaRange(
  startTime: string | undefined,
  endTime: string | undefined,
): { from?: Date; to?: Date } {
  const from = startTime === undefined ? null : chinaTimeToInstant(startTime);
  const to = endTime === undefined ? null : chinaTimeToInstant(endTime, { endOfDay: true });
  if ((startTime !== undefined && !from) || (endTime !== undefined && !to))
    throw new AppError(Codes.INVALID_PARAMS, '时间不存在');
  if (from && to && from > to) throw new AppError(Codes.INVALID_PARAMS, '开始时间不能晚于结束时间');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
