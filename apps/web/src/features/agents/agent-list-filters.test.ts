import { describe, expect, it } from 'vitest';
import { fromFilters, toAgentListQuery, toFilters } from './agent-list-filters';

describe('agent list filters', () => {
  it('puts filled fields into the URL, leaving out blanks and the "全部" root', () => {
    expect(
      toFilters({
        agentName: ' 鹏城 ',
        mobilePhone: '',
        agentLevel: 3,
        areaKey: '440000-440300',
        pid: -1,
        range: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
      }),
    ).toEqual({
      agentName: '鹏城',
      agentLevel: '3',
      areaKey: '440000-440300',
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-31 23:59:59',
    });
    expect(toFilters({ pid: 12 })).toEqual({ pid: '12' });
  });

  it('reads the URL back into the form', () => {
    expect(fromFilters({ agentLevel: '4', pid: '9', startTime: 'a', endTime: 'b' })).toEqual({
      agentName: undefined,
      mobilePhone: undefined,
      agentLevel: 4,
      areaKey: undefined,
      pid: 9,
      range: ['a', 'b'],
    });
  });

  it('builds the request, dropping values the contract would refuse', () => {
    const page = { pageNum: 2, pageSize: 50 };
    expect(
      toAgentListQuery(
        {
          agentName: '星',
          agentLevel: '3',
          areaKey: '440000',
          pid: '5',
          startTime: '2026-01-01 00:00:00',
          endTime: '2026-01-02 23:59:59',
        },
        page,
      ),
    ).toEqual({
      pageNum: 2,
      pageSize: 50,
      agentName: '星',
      agentLevel: 3,
      areaKey: '440000',
      pid: 5,
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-02 23:59:59',
    });
    expect(
      toAgentListQuery(
        {
          agentLevel: '9',
          areaKey: 'guangdong',
          pid: '-1',
          startTime: '2026-02-01 00:00:00',
          endTime: '2026-01-01 00:00:00',
        },
        page,
      ),
    ).toEqual(page);
  });
});
