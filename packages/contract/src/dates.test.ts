import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  formatDateTime,
  isValidRange,
  monthAlignedEnd,
  RANGE_SHORTCUTS,
  todayRange,
} from './index';

const now = new Date(2026, 10, 22, 15, 30, 0); // Sunday 2026-11-22
const shortcut = (label: string) => {
  const s = RANGE_SHORTCUTS.find((x) => x.label === label);
  if (!s) throw new Error(`no shortcut ${label}`);
  return s.range(now).map(formatDateTime);
};

describe('date ranges', () => {
  it('defaults to the last 30 days, and net bars to today', () => {
    expect(defaultRange(now).map(formatDateTime)).toEqual(['2026-10-24 00:00:00', '2026-11-22 23:59:59']);
    expect(todayRange(now).map(formatDateTime)).toEqual(['2026-11-22 00:00:00', '2026-11-22 23:59:59']);
  });
  it('offers the eight shortcuts of the spec in order', () => {
    expect(RANGE_SHORTCUTS.map((s) => s.label)).toEqual([
      '今天',
      '昨天',
      '最近三天',
      '最近一周',
      '最近30天',
      '本周',
      '本月',
      '上月',
    ]);
    expect(shortcut('昨天')).toEqual(['2026-11-21 00:00:00', '2026-11-21 23:59:59']);
    expect(shortcut('最近三天')).toEqual(['2026-11-20 00:00:00', '2026-11-22 23:59:59']);
    expect(shortcut('最近一周')).toEqual(['2026-11-16 00:00:00', '2026-11-22 23:59:59']);
    expect(shortcut('本周')).toEqual(['2026-11-16 00:00:00', '2026-11-22 23:59:59']);
    expect(shortcut('本月')).toEqual(['2026-11-01 00:00:00', '2026-11-22 23:59:59']);
    expect(shortcut('上月')).toEqual(['2026-10-01 00:00:00', '2026-10-31 23:59:59']);
  });
  it('ends a month range at the end of the month and checks order', () => {
    expect(formatDateTime(monthAlignedEnd(new Date(2024, 1, 3)))).toBe('2024-02-29 23:59:59');
    expect(isValidRange([new Date(2026, 0, 2), new Date(2026, 0, 1)])).toBe(false);
    expect(isValidRange([new Date(2026, 0, 1), new Date(2026, 0, 1)])).toBe(true);
  });
});
