import { AGENT_TREE_ROOT_ID } from '@agent-console/contract/agent';
import { summaryStatsList } from '@agent-console/contract/summary-stats';
import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from '../../components/list-page';
import { RANGE_FIELDS } from '../../lib/list-dates';
import { fixedFiltersOf, summaryDefaults, summaryFormOf, summaryQueryOf, titleOf } from './summary-filters';

const range = ['2026-05-03 00:00:00', '2026-06-10 23:59:59'];

/** The form's values as the list page gives them to normalize (ranges split, empties dropped). */
const submitted = (values: Record<string, unknown>) => summaryQueryOf(fromFormValues(values, RANGE_FIELDS));

describe('the summary statistics filters', () => {
  it('start from the last 30 days by day, and name each screen', () => {
    expect(summaryDefaults(new Date(2026, 2, 2, 10, 0, 0))).toEqual({
      timeType: '10',
      startTime: '2026-02-01 00:00:00',
      endTime: '2026-03-02 23:59:59',
    });
    expect([titleOf(undefined), titleOf(2), titleOf(3)]).toEqual([
      '客户端数据统计',
      '网页汇总统计',
      'APP汇总统计',
    ]);
    expect(fixedFiltersOf(3)).toEqual({ sourceType: 3 });
    // 客户端数据统计 sends no sourceType, whatever a URL says.
    expect(fixedFiltersOf(undefined)).toEqual({ sourceType: undefined });
  });

  it('turn the form into the query: area codes, one agent, dimensions; the contract accepts it', () => {
    const query = submitted({
      timeType: '10',
      range,
      area: '440000-440300-440305',
      agent: 12,
      channelId: 7,
      areaDimension: 'city',
      agentDimension: true,
    });
    expect(query).toEqual({
      timeType: '10',
      startTime: range[0],
      endTime: range[1],
      provinceId: 440000,
      cityId: 440300,
      regionId: 440305,
      channelId: 7,
      agentIds: [12],
      areaDimension: 'city',
      agentDimension: true,
    });
    expect(summaryStatsList.query.safeParse({ ...query, sourceType: 2 }).success).toBe(true);
  });

  it('leave out what is not chosen: 全部 agents, no dimension, a province alone', () => {
    expect(
      submitted({
        timeType: '10',
        range,
        area: '440000',
        agent: AGENT_TREE_ROOT_ID,
        channelId: undefined,
        areaDimension: '',
        agentDimension: false,
      }),
    ).toEqual({ timeType: '10', startTime: range[0], endTime: range[1], provinceId: 440000 });
  });

  it('by month move the end to the end of its month, 23:59:59 (spec section 4)', () => {
    expect(submitted({ timeType: '20', range })).toEqual({
      timeType: '20',
      startTime: range[0],
      endTime: '2026-06-30 23:59:59',
    });
  });

  it('show a query in the form again: area key, agent, the dimension choices, never the sourceType', () => {
    const query = {
      timeType: '20',
      startTime: range[0],
      endTime: range[1],
      provinceId: 440000,
      cityId: 440300,
      agentIds: [12, 13],
      sourceType: 2,
      orderBy: 'statTime',
      order: 'asc',
    };
    expect(summaryFormOf(toFormValues(query, RANGE_FIELDS))).toEqual({
      timeType: '20',
      range,
      area: '440000-440300',
      agent: 12,
      areaDimension: '',
      agentDimension: false,
    });
    expect(summaryFormOf({ areaDimension: 'region', agentDimension: true, cityId: 440300 })).toEqual({
      timeType: '10',
      area: undefined,
      agent: undefined,
      areaDimension: 'region',
      agentDimension: true,
    });
  });

  it('round-trip: the form of a query submits the same query', () => {
    const query = summaryQueryOf({
      timeType: '10',
      startTime: range[0],
      endTime: range[1],
      area: '440000-440300',
      agent: 5,
      areaDimension: 'province',
    });
    expect(submitted(summaryFormOf(toFormValues(query, RANGE_FIELDS)))).toEqual(query);
  });
});
