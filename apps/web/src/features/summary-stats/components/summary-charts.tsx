import { querySummaryStatsChart, type SummaryStatsQuery } from '@agent-console/contract/summary-stats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { call } from '../../../lib/api-client';
import { lazyComponent } from '../../../lib/lazy-chunk';
import { usePrefersReducedMotion } from '../../../lib/reduced-motion';
import { SPLIT_LIMIT, splitDimensionLabel, splitOption, trendOption } from '../chart-options';
import { DEFAULT_CHART_MEASURE, type Measure, type MeasureKey } from '../summary-measures';

/** ECharts and the chart component: their own chunk, loaded when a chart first shows. */
const SummaryEChart = lazyComponent(() => import('./summary-echart').then((m) => m.SummaryEChart));

/** The box a chart fills, also while its chunk loads. */
const ChartBox = () => <div className="summary-chart" />;

/**
 * The charts of a query (querySummaryStatsChart, the list's filters): the trend of a measure over
 * the range, and its split by the chosen dimension (area first when both are); without a
 * dimension, a hint takes the split's place. One measure for both, chosen above them. They load
 * again with the list (刷新, 查询).
 */
export function SummaryCharts({
  query,
  reloadCount,
  measures,
}: {
  query: SummaryStatsQuery;
  reloadCount: number;
  measures: readonly Measure[];
}) {
  const [measureKey, setMeasureKey] = useState<MeasureKey>(DEFAULT_CHART_MEASURE);
  const measure = measures.find((m) => m.key === measureKey) ?? measures[0];
  const animation = !usePrefersReducedMotion();
  const chart = useQuery({
    queryKey: [querySummaryStatsChart.path, query, reloadCount],
    queryFn: ({ signal }) => call(querySummaryStatsChart, query, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const data = chart.data?.object;
  const trend = useMemo(
    () => (measure ? trendOption(data?.trend ?? [], measure, animation) : null),
    [data, measure, animation],
  );
  const split = useMemo(
    () => (measure ? splitOption(data?.split ?? [], measure, animation) : null),
    [data, measure, animation],
  );
  const dimension = splitDimensionLabel(query);
  const parts = data?.split.length ?? 0;
  if (!measure || !trend || !split) return null;
  const period = query.timeType === '20' ? '按月' : '按日';

  return (
    <Spin spinning={chart.isFetching}>
      <div className="summary-charts">
        <div className="summary-chart-bar">
          <span>指标</span>
          <Select<MeasureKey>
            className="summary-measure-select"
            aria-label="图表指标"
            value={measure.key}
            onChange={setMeasureKey}
            options={measures.map((m) => ({ value: m.key, label: m.money ? `${m.label}(元)` : m.label }))}
          />
        </div>
        <div className="summary-chart-grid">
          <section className="summary-chart-panel summary-chart-trend" aria-label="趋势">
            <div className="summary-chart-title">
              {measure.label}趋势<span className="summary-chart-sub">{period}</span>
            </div>
            <Suspense fallback={<ChartBox />}>
              <SummaryEChart option={trend} label={`${measure.label}趋势图`} className="summary-chart" />
            </Suspense>
          </section>
          <section className="summary-chart-panel summary-chart-split" aria-label="分布">
            <div className="summary-chart-title">
              {measure.label}分布
              {dimension ? (
                <span className="summary-chart-sub">
                  按{dimension}
                  {parts > SPLIT_LIMIT ? `，前 ${SPLIT_LIMIT} 项（共 ${parts} 项）` : ''}
                </span>
              ) : null}
            </div>
            {dimension === null ? (
              <div className="summary-chart summary-chart-hint">选择地区维度或按下级代理后，这里显示分布</div>
            ) : parts === 0 && !chart.isFetching ? (
              <div className="summary-chart summary-chart-hint">暂无数据</div>
            ) : (
              <Suspense fallback={<ChartBox />}>
                <SummaryEChart
                  option={split}
                  label={`${measure.label}按${dimension}分布图`}
                  className="summary-chart"
                />
              </Suspense>
            )}
          </section>
        </div>
      </div>
    </Spin>
  );
}
