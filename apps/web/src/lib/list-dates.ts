import { defaultRange, formatDateTime } from '@agent-console/contract/dates';

/*
 * The time filters the list and statistics screens share (spec section 4): the default range, the
 * range field of their filter forms, and the month alignment of statistics by month.
 */

/** The last 30 days (spec section 4: the default range, also what 重置 goes back to). */
export function last30Days(now = new Date()): { startTime: string; endTime: string } {
  const [start, end] = defaultRange(now);
  return { startTime: formatDateTime(start), endTime: formatDateTime(end) };
}

/** The date range field of the filter forms and the two filter keys it holds. */
export const RANGE_FIELDS = { range: ['startTime', 'endTime'] } as const;

/**
 * For month rows (timeType '20') the end becomes the end of its month, 23:59:59 (spec section 4;
 * `monthAlignedEnd` of the contract's dates for a Date). Wire times are China time: the month is
 * read from the text, whatever the browser's zone.
 */
export function monthAligned<Q extends { timeType?: string | undefined; endTime?: string | undefined }>(
  query: Q,
): Q {
  if (query.timeType !== '20' || !query.endTime) return query;
  const [y = 0, m = 1] = query.endTime.slice(0, 7).split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { ...query, endTime: `${query.endTime.slice(0, 7)}-${String(last).padStart(2, '0')} 23:59:59` };
}
