import { SummaryStatsScreen } from '../../../features/summary-stats/components/summary-stats-screen';

/** /summary-stats 客户端数据统计 (everyone): every terminal, with the net bars' active devices. */
export default function SummaryStatsRoute() {
  return <SummaryStatsScreen />;
}
