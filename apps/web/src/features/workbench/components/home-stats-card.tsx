import { formatYuan } from '@agent-console/contract/money';
import type { HomeStats, SummaryFigures } from '@agent-console/contract/summary-stats';
import { useQuery } from '@tanstack/react-query';
import { type HomeStatsKind, homeStatsQuery, workbenchUpdateTimeQuery } from '../api/get-home-stats';
import { Sparkline } from './sparkline';
import { cardLoad, WorkbenchCard } from './workbench-card';

const PERIODS = [
  { key: 'today', label: '今日' },
  { key: 'yesterday', label: '昨日' },
  { key: 'thisMonth', label: '本月' },
] as const satisfies readonly { key: keyof HomeStats; label: string }[];

const MEASURES = [
  { key: 'orders', label: '订单数', value: (f: SummaryFigures) => f.orderCount.toLocaleString('zh-CN') },
  { key: 'paid', label: '支付金额(元)', value: (f: SummaryFigures) => formatYuan(f.paidAmountFen) },
  { key: 'earnings', label: '本级收益(元)', value: (f: SummaryFigures) => formatYuan(f.earningsFen) },
] as const;

/** "2026-03-05" → "03-05". */
const dayLabel = (statTime: string) => statTime.slice(5, 10);

/** Today, yesterday and this month: orders, paid amount and the caller's own earnings, then the 30-day trend. */
export function HomeFigures({ stats, name }: { stats: HomeStats; name: string }) {
  return (
    <>
      <table className="home-figures" aria-label={`${name}：今日、昨日、本月`}>
        <thead>
          <tr>
            <td />
            {PERIODS.map((p) => (
              <th key={p.key} scope="col">
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MEASURES.map((m) => (
            <tr key={m.key} data-measure={m.key}>
              <th scope="row">{m.label}</th>
              {PERIODS.map((p) => (
                <td key={p.key} data-period={p.key}>
                  {m.value(stats[p.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Sparkline
        title="近30天支付金额(元)"
        points={stats.trend.map((t) => ({ label: dayLabel(t.statTime), value: t.paidAmountFen }))}
        format={formatYuan}
      />
    </>
  );
}

/** A totals card (spec: totalStatsData, webTotalStatsData, appTotalStatsData) with its own call. */
export function HomeStatsCard({ kind, title, to }: { kind: HomeStatsKind; title: string; to: string }) {
  const query = useQuery(homeStatsQuery(kind));
  return (
    <WorkbenchCard
      title={title}
      to={to}
      linkLabel="查看统计"
      load={cardLoad(query)}
      className="home-stats-card"
      testId={`home-stats-${kind}`}
    >
      {query.data ? <HomeFigures stats={query.data} name={title} /> : null}
    </WorkbenchCard>
  );
}

/** When the totals were last brought up to date (its own call: nothing else waits for it). */
export function HomeUpdateTime() {
  const { data, isError } = useQuery(workbenchUpdateTimeQuery());
  if (isError || data === undefined) return null;
  return (
    <span className="workbench-update-time">{data === null ? '数据尚未统计' : `数据更新于 ${data}`}</span>
  );
}
