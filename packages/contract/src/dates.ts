/** Date ranges of spec sections 4, 5 and 9, in the browser's local time, without a date library. */

export type DateRange = readonly [Date, Date];

export const startOfDay = (d: Date): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
export const endOfDay = (d: Date): Date =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 0);
export const addDays = (d: Date, days: number): Date =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes(), d.getSeconds());
export const startOfMonth = (d: Date): Date => new Date(d.getFullYear(), d.getMonth(), 1, 0, 0, 0, 0);
export const endOfMonth = (d: Date): Date => new Date(d.getFullYear(), d.getMonth() + 1, 0, 23, 59, 59, 0);
/** Weeks start on Monday. */
export const startOfWeek = (d: Date): Date => startOfDay(addDays(d, -((d.getDay() + 6) % 7)));

const pad = (n: number) => String(n).padStart(2, '0');
export const formatDate = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const formatDateTime = (d: Date): string =>
  `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** "YYYY-MM-DD HH:mm:ss" (or "YYYY-MM-DD"): the wire format of every time in a request. */
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** The last N days ending today: N-1 days ago 00:00:00 to today 23:59:59. */
export const lastDays = (now: Date, days: number): DateRange => [
  startOfDay(addDays(now, 1 - days)),
  endOfDay(now),
];

/** The default range of list and statistics screens: the last 30 days. */
export const defaultRange = (now: Date): DateRange => lastDays(now, 30);
/** The default range of net bar lists: today. */
export const todayRange = (now: Date): DateRange => [startOfDay(now), endOfDay(now)];

/** For month granularity (timeType '20') the end becomes the end of its month, 23:59:59. */
export const monthAlignedEnd = (end: Date): Date => endOfMonth(end);

export interface RangeShortcut {
  label: string;
  range: (now: Date) => DateRange;
}

/** Shortcuts of spec section 9, in its order. */
export const RANGE_SHORTCUTS: readonly RangeShortcut[] = [
  { label: '今天', range: (now) => todayRange(now) },
  { label: '昨天', range: (now) => todayRange(addDays(now, -1)) },
  { label: '最近三天', range: (now) => lastDays(now, 3) },
  { label: '最近一周', range: (now) => lastDays(now, 7) },
  { label: '最近30天', range: (now) => lastDays(now, 30) },
  { label: '本周', range: (now) => [startOfWeek(now), endOfDay(now)] },
  { label: '本月', range: (now) => [startOfMonth(now), endOfDay(now)] },
  {
    label: '上月',
    range: (now) => {
      const prev = new Date(now.getFullYear(), now.getMonth() - 1, 1);
      return [startOfMonth(prev), endOfMonth(prev)];
    },
  },
];

/** A range is valid when its start is not after its end. */
export const isValidRange = ([start, end]: DateRange): boolean => start.getTime() <= end.getTime();

/** The fields of a wire time ("YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss"); a bare date takes the given time of day. */
function fieldsOf(text: string, bareTime: string): number[] | null {
  if (!DATE_TIME_RE.test(text)) return null;
  const [date = '', time = bareTime] = text.split(' ');
  return [...date.split('-'), ...time.split(':')].map(Number);
}

/** Whether a wire time names a moment that exists (no 2026-02-30, no 25:00:00). */
export function isRealDateTime(text: string): boolean {
  const f = fieldsOf(text, '00:00:00');
  if (!f) return false;
  const [y = 0, m = 0, d = 0, hh = 0, mm = 0, ss = 0] = f;
  const t = new Date(Date.UTC(y, m - 1, d, hh, mm, ss));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === m - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === hh &&
    t.getUTCMinutes() === mm &&
    t.getUTCSeconds() === ss
  );
}

/** China time (UTC+8, no daylight saving) is the time of every wire time, whatever the browser's zone. */
export const CHINA_UTC_OFFSET_HOURS = 8;

/**
 * The instant of a wire time read as China time. A bare date is its start of day, or with
 * `endOfDay` its last second (23:59:59). Null when the text is not a real time.
 */
export function chinaTimeToInstant(text: string, options: { endOfDay?: boolean } = {}): Date | null {
  if (!isRealDateTime(text)) return null;
  const f = fieldsOf(text, options.endOfDay ? '23:59:59' : '00:00:00');
  if (!f) return null;
  const [y = 0, m = 0, d = 0, hh = 0, mm = 0, ss = 0] = f;
  return new Date(Date.UTC(y, m - 1, d, hh - CHINA_UTC_OFFSET_HOURS, mm, ss));
}
