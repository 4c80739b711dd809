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

/** The China day of an instant, and whether the instant is in that day's first or last second. */
export const chinaDayOf = (d: Date) => {
  const text = formatChinaTime(d);
  return { day: text.slice(0, 10), start: text.endsWith(' 00:00:00'), end: text.endsWith(' 23:59:59') };
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** The instant a China day starts, for any instant of it. */
const chinaDayStart = (ms: number) => Math.floor((ms + CST_OFFSET_MS) / DAY_MS) * DAY_MS - CST_OFFSET_MS;
const chinaDayText = (ms: number) => new Date(ms + CST_OFFSET_MS).toISOString().slice(0, 10);

/** The China day after a day (`YYYY-MM-DD`). */
export const nextChinaDay = (day: string): string =>
  chinaDayText(Date.parse(`${day}T00:00:00+08:00`) + DAY_MS);

/**
 * A range of instants (both ends included) as the whole China days inside it (`days`, first and
 * last `YYYY-MM-DD`, or null when it holds no whole day) and the parts of days left at its ends
 * (`edges`, each from its `from` included to its `until` excluded): what a rollup by day answers,
 * and what must be read from the rows.
 */
export function chinaWholeDays(range: { from: Date; to: Date }): {
  days: { first: string; last: string } | null;
  edges: { from: Date; until: Date }[];
} {
  const from = range.from.getTime();
  const until = range.to.getTime() + 1;
  if (until <= from) return { days: null, edges: [] };
  const firstWhole = from === chinaDayStart(from) ? from : chinaDayStart(from) + DAY_MS;
  const wholeUntil = chinaDayStart(until);
  if (firstWhole >= wholeUntil) return { days: null, edges: [{ from: range.from, until: new Date(until) }] };
  const edges: { from: Date; until: Date }[] = [];
  if (from < firstWhole) edges.push({ from: range.from, until: new Date(firstWhole) });
  if (wholeUntil < until) edges.push({ from: new Date(wholeUntil), until: new Date(until) });
  return { days: { first: chinaDayText(firstWhole), last: chinaDayText(wholeUntil - DAY_MS) }, edges };
}
