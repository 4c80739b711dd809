import { SummaryStatsScreen } from '../../../features/summary-stats/components/summary-stats-screen';

/** /APP-summary-stats APP汇总统计 (route meta roles: xuanhaoApp): the APP terminals (sourceType 3). */
export default function AppSummaryStatsRoute() {
  return <SummaryStatsScreen sourceType={3} />;
}
