import { describe, expect, it } from 'vitest';
import { chinaWholeDays } from './time';

const china = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

describe('chinaWholeDays', () => {
  it('answers a whole day (to its last millisecond) as that day, without edges', () => {
    expect(
      chinaWholeDays({ from: china('2026-03-01 00:00:00'), to: china('2026-03-01 23:59:59.999') }),
    ).toEqual({
      days: { first: '2026-03-01', last: '2026-03-01' },
      edges: [],
    });
  });

  it('leaves the parts of days at both ends as edges', () => {
    expect(
      chinaWholeDays({ from: china('2026-03-01 10:00:00'), to: china('2026-03-04 08:30:00.999') }),
    ).toEqual({
      days: { first: '2026-03-02', last: '2026-03-03' },
      edges: [
        { from: china('2026-03-01 10:00:00'), until: china('2026-03-02 00:00:00') },
        { from: china('2026-03-04 00:00:00'), until: china('2026-03-04 08:30:01') },
      ],
    });
  });

  it('answers a range inside one day, or over two part days, as edges only', () => {
    expect(chinaWholeDays({ from: china('2026-03-01 10:00:00'), to: china('2026-03-01 11:00:00') })).toEqual({
      days: null,
      edges: [{ from: china('2026-03-01 10:00:00'), until: china('2026-03-01 11:00:00.001') }],
    });
    expect(
      chinaWholeDays({ from: china('2026-03-01 10:00:00'), to: china('2026-03-02 11:00:00') }).days,
    ).toBeNull();
  });

  it('counts China days, not UTC ones', () => {
    // 2026-03-01 00:00 in China is 2026-02-28 16:00 UTC.
    expect(
      chinaWholeDays({
        from: new Date('2026-02-28T16:00:00.000Z'),
        to: new Date('2026-03-01T15:59:59.999Z'),
      }),
    ).toEqual({ days: { first: '2026-03-01', last: '2026-03-01' }, edges: [] });
  });
});
