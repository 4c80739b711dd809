import { SummaryStatsScreen } from '../../../features/summary-stats/components/summary-stats-screen';

/** /web-summary-stats 网页汇总统计 (everyone): the web terminals (sourceType 2). */
export default function WebSummaryStatsRoute() {
  return <SummaryStatsScreen sourceType={2} />;
}
