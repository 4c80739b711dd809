import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from './list-page';

const ranges = { range: ['startTime', 'endTime'] } as const;

describe('the filter form of a list page', () => {
  it('shows a range of the query as one field, and leaves the sort out', () => {
    expect(
      toFormValues(
        {
          agentName: 'a',
          startTime: '2026-01-01 00:00:00',
          endTime: '2026-01-02 23:59:59',
          orderBy: 'id',
          order: 'asc',
        },
        ranges,
      ),
    ).toEqual({ agentName: 'a', range: ['2026-01-01 00:00:00', '2026-01-02 23:59:59'] });
    expect(toFormValues({ startTime: '2026-01-01 00:00:00' }, ranges)).toEqual({});
  });

  it('turns the form back into the query: ranges split, strings trimmed, empty fields left out', () => {
    expect(
      fromFormValues(
        {
          agentName: '  鹏城 ',
          mobilePhone: '   ',
          agentLevel: 3,
          areaKey: undefined,
          pid: null,
          range: ['2026-01-01 00:00:00', '2026-01-02 23:59:59'],
        },
        ranges,
      ),
    ).toEqual({
      agentName: '鹏城',
      agentLevel: 3,
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-02 23:59:59',
    });
    expect(fromFormValues({ range: undefined }, ranges)).toEqual({});
  });
});
