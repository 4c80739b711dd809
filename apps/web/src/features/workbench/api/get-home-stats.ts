import {
  type HomeStats,
  homeAppStatisticsCount,
  homeIndex,
  homeStatisticsCount,
  homeWebStatisticsCount,
  homeWorkbenchUpdateTime,
} from '@agent-console/contract/summary-stats';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallOptions, call } from '../../../lib/api-client';
import { type BootAnswerSource, takeBootAnswer } from '../../../lib/boot';

/*
 * The workbench's totals (spec sections 3 and 7: totalStatsData, its update time, webTotalStatsData,
 * appTotalStatsData), four calls in parallel. Each card shows its own failure with a retry, so the
 * calls are silent. The figures come from rollups a catch-up step keeps, so they are kept for a
 * while: going back to the workbench tab does not ask again at once.
 */

/** Which terminals a totals card counts: every one, the web ones, the APP ones. */
export type HomeStatsKind = 'all' | 'web' | 'app';

const HOME_STATS_CALLS = {
  all: homeStatisticsCount,
  web: homeWebStatisticsCount,
  app: homeAppStatisticsCount,
} as const;

const HOME_STALE_MS = 30_000;

/**
 * `ignoreUnauthorized`: the route's loader starts these before the guard has checked the login (to
 * gain a round trip); a 9996 then is the guard's to handle, not a second way to /login.
 */
type HomeCallOptions = Pick<CallOptions, 'ignoreUnauthorized'>;

export const homeStatsQuery = (kind: HomeStatsKind, options: HomeCallOptions = {}) =>
  queryOptions({
    queryKey: [HOME_STATS_CALLS[kind].path],
    queryFn: async ({ signal }): Promise<HomeStats> =>
      (await call(HOME_STATS_CALLS[kind], {}, { ...options, silent: true, signal })).object,
    staleTime: HOME_STALE_MS,
  });

export const workbenchUpdateTimeQuery = (options: HomeCallOptions = {}) =>
  queryOptions({
    queryKey: [homeWorkbenchUpdateTime.path],
    queryFn: async ({ signal }) =>
      (await call(homeWorkbenchUpdateTime, {}, { ...options, silent: true, signal })).object.updateTime,
    staleTime: HOME_STALE_MS,
  });

/**
 * The totals the page brought for a cold load of `/` (the answer of `/api/home/index` among its
 * boot answers), put where the four calls' answers go: the cards draw them at once, and ask again
 * once they are stale. Only on the page's first load (the answer is taken once).
 */
export function seedHomeStats(queryClient: QueryClient, from?: BootAnswerSource): void {
  const index = takeBootAnswer(homeIndex, from);
  if (!index) return;
  queryClient.setQueryData(homeStatsQuery('all').queryKey, index.totalStatsData);
  queryClient.setQueryData(homeStatsQuery('web').queryKey, index.webTotalStatsData);
  if (index.appTotalStatsData)
    queryClient.setQueryData(homeStatsQuery('app').queryKey, index.appTotalStatsData);
  queryClient.setQueryData(workbenchUpdateTimeQuery().queryKey, index.updateTime);
}
