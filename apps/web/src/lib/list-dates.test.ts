import { describe, expect, it } from 'vitest';
import { last30Days, monthAligned } from './list-dates';

describe('list dates', () => {
  it('moves a month range to the end of its month (spec section 4), and only by month', () => {
    expect(monthAligned({ timeType: '20', endTime: '2026-02-10 08:00:00' }).endTime).toBe(
      '2026-02-28 23:59:59',
    );
    expect(monthAligned({ timeType: '20', endTime: '2028-02-01 00:00:00' }).endTime).toBe(
      '2028-02-29 23:59:59',
    );
    expect(monthAligned({ timeType: '20', endTime: '2026-12-31 23:59:59' }).endTime).toBe(
      '2026-12-31 23:59:59',
    );
    expect(monthAligned({ timeType: '10', endTime: '2026-02-10 08:00:00' }).endTime).toBe(
      '2026-02-10 08:00:00',
    );
    expect(monthAligned({ timeType: '20' })).toEqual({ timeType: '20' });
  });

  it('starts the lists from the last 30 days, whole days', () => {
    expect(last30Days(new Date(2026, 2, 2, 10, 0, 0))).toEqual({
      startTime: '2026-02-01 00:00:00',
      endTime: '2026-03-02 23:59:59',
    });
  });
});
