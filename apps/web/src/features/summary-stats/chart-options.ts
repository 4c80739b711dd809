import {
  AreaDimensionLabels,
  type SummaryStatsChart,
  type SummaryStatsQuery,
} from '@agent-console/contract/summary-stats';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { compactText, type Measure, valueWithUnit } from './summary-measures';

/*
 * The options of the two charts of the summary statistics, as pure functions of the data (tested
 * without a canvas): the trend of a measure over the range and its split by the chosen dimension.
 * Amounts are plotted in fen and labelled in yuan. Only types come from echarts here: the library
 * itself loads with the chart component (components/summary-echart.tsx), in its own chunk.
 */

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption
>;

type TrendPoint = SummaryStatsChart['trend'][number];
type SplitPart = SummaryStatsChart['split'][number];

/** The trend's line and the split's bars (antd's blue and cyan). */
export const TREND_COLOR = '#1677ff';
export const SPLIT_COLOR = '#13c2c2';

/** At most this many groups in the split (the largest ones); the table lists them all. */
export const SPLIT_LIMIT = 12;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Tooltips are HTML: names (agents, areas) are escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A tooltip's text: the period or group, then the measure and its value with its unit. */
export const tooltipHtml = (title: string, measure: Measure, value: number, marker = ''): string =>
  `${escapeHtml(title)}<br/>${marker}${escapeHtml(measure.label)}：<b>${escapeHtml(valueWithUnit(measure, value))}</b>`;

interface TooltipParam {
  name?: string;
  value?: unknown;
  marker?: unknown;
}
const firstParam = (params: unknown): TooltipParam =>
  ((Array.isArray(params) ? params[0] : params) ?? {}) as TooltipParam;

const tooltipOf = (measure: Measure, pointer: 'line' | 'shadow'): TooltipComponentOption => ({
  trigger: 'axis',
  axisPointer: { type: pointer },
  confine: true,
  formatter: (params: unknown) => {
    const p = firstParam(params);
    return tooltipHtml(
      p.name ?? '',
      measure,
      Number(p.value ?? 0),
      typeof p.marker === 'string' ? p.marker : '',
    );
  },
});

/** A day "2026-05-01" as the axis shows it ("05-01"); months stay "2026-05". */
export const periodLabel = (statTime: string): string =>
  statTime.length === 10 ? statTime.slice(5) : statTime;

const valueAxis = (measure: Measure) => ({
  type: 'value' as const,
  name: measure.unit,
  nameTextStyle: { align: 'right' as const },
  minInterval: measure.money ? 0 : 1,
  axisLabel: { formatter: (v: number) => compactText(measure, v) },
  splitLine: { lineStyle: { type: 'dashed' as const } },
});

/** The trend: a line of the measure over every period of the range, oldest first. */
export function trendOption(points: readonly TrendPoint[], measure: Measure, animation = true): ChartOption {
  return {
    animation,
    color: [TREND_COLOR],
    grid: { left: 16, right: 24, top: 36, bottom: 8 },
    tooltip: tooltipOf(measure, 'line'),
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => p.statTime),
      axisLabel: { formatter: periodLabel, hideOverlap: true },
      axisTick: { alignWithLabel: true },
    },
    yAxis: valueAxis(measure),
    series: [
      {
        type: 'line',
        name: measure.label,
        data: points.map((p) => p[measure.key]),
        showSymbol: points.length <= 31,
        symbolSize: 5,
        lineStyle: { width: 2 },
        areaStyle: { opacity: 0.08 },
      },
    ],
  };
}

/** How the split groups: by the area dimension when chosen (area first), else by sub-agent; null without either. */
export function splitDimensionLabel(query: Pick<SummaryStatsQuery, 'areaDimension' | 'agentDimension'>) {
  if (query.areaDimension) return AreaDimensionLabels[query.areaDimension];
  if (query.agentDimension) return '代理';
  return null;
}

/** A group's name as the split shows it: the scope's own agent is 本级. */
export const partName = (part: Pick<SplitPart, 'name' | 'own'>): string => (part.own ? '本级' : part.name);

/** The groups the split draws: the largest by the measure, at most `limit`, largest first. */
export function splitParts(parts: readonly SplitPart[], measure: Measure, limit = SPLIT_LIMIT): SplitPart[] {
  return [...parts].sort((a, b) => b[measure.key] - a[measure.key]).slice(0, limit);
}

/** The split: horizontal bars of the measure per group, the largest on top, labelled with their value. */
export function splitOption(parts: readonly SplitPart[], measure: Measure, animation = true): ChartOption {
  const shown = splitParts(parts, measure);
  return {
    animation,
    color: [SPLIT_COLOR],
    grid: { left: 16, right: 56, top: 36, bottom: 8 },
    tooltip: tooltipOf(measure, 'shadow'),
    xAxis: { ...valueAxis(measure), nameTextStyle: {} },
    yAxis: {
      type: 'category',
      inverse: true,
      data: shown.map(partName),
      axisTick: { show: false },
      axisLabel: { width: 110, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: measure.label,
        data: shown.map((p) => p[measure.key]),
        barMaxWidth: 18,
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value?: unknown }) => compactText(measure, Number(p.value ?? 0)),
        },
      },
    ],
  };
}
