import { RESIZE_DEBOUNCE_MS } from '@agent-console/contract/constants';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { debounce } from '../../../lib/debounce';
import type { ChartOption } from '../chart-options';

// Only what the two charts draw: line and bar, a grid, tooltips, on a canvas (echarts/core keeps
// the rest of ECharts out of the bundle). This module is the chart chunk: the screens load it lazily.
use([LineChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface SummaryEChartProps {
  option: ChartOption;
  /** What the chart shows, for assistive technology (the canvas itself says nothing). */
  label: string;
  className?: string;
}

/**
 * An ECharts chart filling its box. It follows the box's size (the window, the sidebar folding),
 * resizing once the changes have paused for 300 ms (spec section 9), and not while hidden (a tab
 * kept in the background has no size).
 */
export function SummaryEChart({ option, label, className }: SummaryEChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas', locale: 'ZH' });
    chart.current = instance;
    const resize = debounce(() => {
      if (element.clientWidth > 0 && element.clientHeight > 0) instance.resize();
    }, RESIZE_DEBOUNCE_MS);
    // The box's own size (it follows the window and the sidebar); the window's where there is no observer.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => resize());
    if (observer) observer.observe(element);
    else window.addEventListener('resize', resize);
    return () => {
      resize.cancel();
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} role="img" aria-label={label} />;
}
