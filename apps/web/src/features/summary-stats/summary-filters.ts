import { AGENT_TREE_ROOT_ID } from '@agent-console/contract/agent';
import {
  AREA_DIMENSIONS,
  type AreaDimension,
  type SummarySourceType,
  type SummaryStatsQuery,
  type SummaryTimeType,
} from '@agent-console/contract/summary-stats';
import { last30Days, monthAligned } from '../../lib/list-dates';

/*
 * The filters of the summary statistics: the list's query (the contract's summaryStatsList, kept
 * in the URL) and the filter form's fields. The form picks an area with the area cascader (an
 * area key, "440000-440300-440305") and an agent with the agent tree select (one node); the query
 * carries provinceId, cityId, regionId and agentIds.
 */

/** The screens: 客户端数据统计 (every terminal), 网页汇总统计 (2), APP汇总统计 (3). */
export const SUMMARY_TITLES = {
  client: '客户端数据统计',
  2: '网页汇总统计',
  3: 'APP汇总统计',
} as const;

export const titleOf = (sourceType: SummarySourceType | undefined): string =>
  sourceType === undefined ? SUMMARY_TITLES.client : SUMMARY_TITLES[sourceType];

/** The query a screen starts from and 重置 goes back to: the last 30 days by day, no area, channel, agent or dimension. */
export const summaryDefaults = (now = new Date()): SummaryStatsQuery => ({
  timeType: '10',
  ...last30Days(now),
});

/** What the screen sets itself (never in the URL): its sourceType, none for 客户端数据统计. */
export const fixedFiltersOf = (sourceType: SummarySourceType | undefined): SummaryStatsQuery => ({
  sourceType,
});

const isAreaDimension = (v: unknown): v is AreaDimension =>
  typeof v === 'string' && (AREA_DIMENSIONS as readonly string[]).includes(v);

/**
 * The filter form's values (ranges already split) → the list's query: the area key to its region
 * codes, the agent to agentIds (全部 is no filter), the dimensions when chosen, and by month the end
 * moved to the end of its month (spec section 4).
 */
export function summaryQueryOf(values: Record<string, unknown>): SummaryStatsQuery {
  const query: SummaryStatsQuery = {};
  if (values.timeType === '10' || values.timeType === '20') query.timeType = values.timeType;
  if (typeof values.startTime === 'string') query.startTime = values.startTime;
  if (typeof values.endTime === 'string') query.endTime = values.endTime;
  if (typeof values.area === 'string' && values.area !== '') {
    const [provinceId, cityId, regionId] = values.area.split('-').map(Number);
    if (provinceId) query.provinceId = provinceId;
    if (provinceId && cityId) query.cityId = cityId;
    if (provinceId && cityId && regionId) query.regionId = regionId;
  }
  if (typeof values.channelId === 'number') query.channelId = values.channelId;
  if (typeof values.agent === 'number' && values.agent !== AGENT_TREE_ROOT_ID)
    query.agentIds = [values.agent];
  if (isAreaDimension(values.areaDimension)) query.areaDimension = values.areaDimension;
  if (values.agentDimension === true) query.agentDimension = true;
  return monthAligned(query);
}

/** The "not by area" choice of the area dimension field (the form needs a value to show it chosen). */
export const NO_AREA_DIMENSION = '';

/** The reverse: the list's query (its range joined into `range`) → the filter form's values. */
export function summaryFormOf(values: Record<string, unknown>): Record<string, unknown> {
  const { provinceId, cityId, regionId, agentIds, sourceType: _fixed, ...rest } = values;
  const codes: number[] = [];
  if (typeof provinceId === 'number') {
    codes.push(provinceId);
    if (typeof cityId === 'number') {
      codes.push(cityId);
      if (typeof regionId === 'number') codes.push(regionId);
    }
  }
  const agent = Array.isArray(agentIds) && typeof agentIds[0] === 'number' ? agentIds[0] : undefined;
  return {
    ...rest,
    timeType: (rest.timeType as SummaryTimeType | undefined) ?? '10',
    area: codes.length > 0 ? codes.join('-') : undefined,
    agent,
    areaDimension: isAreaDimension(rest.areaDimension) ? rest.areaDimension : NO_AREA_DIMENSION,
    agentDimension: rest.agentDimension === true,
  };
}
