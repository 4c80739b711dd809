import {
  type HomeIndex,
  type HomeStats,
  homeAppStatisticsCount,
  homeIndex,
  homeStatisticsCount,
  homeWebStatisticsCount,
  homeWorkbenchUpdateTime,
  ZERO_SUMMARY_FIGURES,
} from '@agent-console/contract/summary-stats';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { writeBootAnswers } from '../../../testing/boot-page';

const stats = (orders: number): HomeStats => {
  const figures = { ...ZERO_SUMMARY_FIGURES, orderCount: orders };
  return {
    today: figures,
    yesterday: figures,
    thisMonth: figures,
    trend: [{ statTime: '2026-03-01', ...figures }],
  };
};

afterEach(() => document.body.replaceChildren());

describe('the totals the page brought (/api/home/index among its boot answers)', () => {
  it("go where the four calls' answers go, on the page's first load only", async () => {
    const index: HomeIndex = {
      totalStatsData: stats(30),
      updateTime: '2026-03-02 10:00:00',
      webTotalStatsData: stats(20),
      appTotalStatsData: null,
    };
    writeBootAnswers({ [homeIndex.path]: index });
    vi.resetModules(); // a fresh page load: lib/boot reads the page once
    const { seedHomeStats } = await import('./get-home-stats');
    const client = createQueryClient();
    seedHomeStats(client);
    expect(client.getQueryData([homeStatisticsCount.path])).toEqual(index.totalStatsData);
    expect(client.getQueryData([homeWebStatisticsCount.path])).toEqual(index.webTotalStatsData);
    expect(client.getQueryData([homeAppStatisticsCount.path])).toBeUndefined();
    expect(client.getQueryData([homeWorkbenchUpdateTime.path])).toBe('2026-03-02 10:00:00');

    const again = createQueryClient();
    seedHomeStats(again);
    expect(again.getQueryData([homeStatisticsCount.path])).toBeUndefined();
  });

  it('put the APP totals too for an agent who may see them', async () => {
    writeBootAnswers({
      [homeIndex.path]: {
        totalStatsData: stats(3),
        updateTime: null,
        webTotalStatsData: stats(2),
        appTotalStatsData: stats(1),
      } satisfies HomeIndex,
    });
    vi.resetModules();
    const { seedHomeStats } = await import('./get-home-stats');
    const client = createQueryClient();
    seedHomeStats(client);
    expect(client.getQueryData<HomeStats>([homeAppStatisticsCount.path])?.today.orderCount).toBe(1);
    expect(client.getQueryData([homeWorkbenchUpdateTime.path])).toBeNull();
  });
});
