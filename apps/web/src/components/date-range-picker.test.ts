import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangePresets, toWireRange } from './date-range-picker';

describe('toWireRange', () => {
  it('covers whole days from 00:00:00 to 23:59:59 for a date range', () => {
    expect(toWireRange(dayjs('2026-03-02 15:20:00'), dayjs('2026-03-05 08:00:00'))).toEqual([
      '2026-03-02 00:00:00',
      '2026-03-05 23:59:59',
    ]);
  });

  it('never puts the start after the end', () => {
    expect(toWireRange(dayjs('2026-03-05'), dayjs('2026-03-02'))).toEqual([
      '2026-03-02 00:00:00',
      '2026-03-05 23:59:59',
    ]);
    expect(toWireRange(dayjs('2026-03-05 10:00:00'), dayjs('2026-03-05 09:00:00'), 'datetimerange')).toEqual([
      '2026-03-05 09:00:00',
      '2026-03-05 10:00:00',
    ]);
  });
});

describe('rangePresets', () => {
  it('offers the shortcuts of the spec, computed from now', () => {
    const now = new Date(2026, 10, 18, 14, 30); // a Wednesday
    const presets = rangePresets(() => now);
    expect(presets.map((p) => p.label)).toEqual([
      '今天',
      '昨天',
      '最近三天',
      '最近一周',
      '最近30天',
      '本周',
      '本月',
      '上月',
    ]);
    const fmt = (label: string) =>
      presets
        .find((p) => p.label === label)
        ?.value()
        .map((d) => d.format('YYYY-MM-DD HH:mm:ss'));
    expect(fmt('本周')).toEqual(['2026-11-16 00:00:00', '2026-11-18 23:59:59']);
    expect(fmt('上月')).toEqual(['2026-10-01 00:00:00', '2026-10-31 23:59:59']);
  });
});
