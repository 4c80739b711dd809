import { ZERO_SUMMARY_FIGURES } from '@agent-console/contract/summary-stats';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  partName,
  periodLabel,
  SPLIT_LIMIT,
  splitDimensionLabel,
  splitOption,
  splitParts,
  tooltipHtml,
  trendOption,
} from './chart-options';
import {
  compactNumber,
  compactText,
  MEASURES,
  type Measure,
  measuresOf,
  valueWithUnit,
} from './summary-measures';

const zero = ZERO_SUMMARY_FIGURES;

const measure = (key: Measure['key']): Measure => {
  const m = MEASURES.find((x) => x.key === key);
  if (!m) throw new Error(key);
  return m;
};

type Series = { type: string; data: number[]; label?: { formatter: (p: { value: number }) => string } };
const seriesOf = (option: ReturnType<typeof trendOption>): Series => (option.series as Series[])[0] as Series;
type Axis = { data: string[]; axisLabel: { formatter: (v: number) => string } };
const tooltipFormatter = (option: ReturnType<typeof trendOption>) =>
  (option.tooltip as { formatter: (p: unknown) => string }).formatter;

describe('the summary measures', () => {
  it('show 活跃设备 on 客户端数据统计 only', () => {
    expect(measuresOf(undefined).map((m) => m.key)).toContain('devices');
    expect(measuresOf(2).map((m) => m.key)).not.toContain('devices');
    expect(measuresOf(3)).toHaveLength(MEASURES.length - 1);
  });

  it('write amounts in yuan with two decimals and counts with their unit', () => {
    expect(valueWithUnit(measure('paidAmountFen'), 123456789)).toBe('1,234,567.89 元');
    expect(valueWithUnit(measure('orderCount'), 12345)).toBe('12,345 单');
    expect(measure('paidCount').hint).toContain('已预约、租赁中、已完成、部分完成、维权中');
    expect(measure('devices').hint).toContain('60分钟');
  });

  it('shorten axis labels in 万 and 亿, amounts from fen to yuan', () => {
    expect([compactNumber(0), compactNumber(9999), compactNumber(12000), compactNumber(250_000_000)]).toEqual(
      ['0', '9,999', '1.2万', '2.5亿'],
    );
    expect(compactNumber(1.5)).toBe('1.5');
    expect(compactText(measure('orderAmountFen'), 150_000_000)).toBe('150万');
    expect(compactText(measure('orderAmountFen'), 250)).toBe('2.5');
    expect(compactText(measure('orderCount'), 100)).toBe('100');
  });
});

describe('the trend chart', () => {
  const points = [
    { ...zero, statTime: '2026-05-01', paidAmountFen: 1000, orderCount: 3 },
    { ...zero, statTime: '2026-05-02', paidAmountFen: 250050, orderCount: 5 },
  ];

  it('draws the chosen measure per period, oldest first, in fen labelled in yuan', () => {
    const option = trendOption(points, measure('paidAmountFen'));
    expect((option.xAxis as Axis).data).toEqual(['2026-05-01', '2026-05-02']);
    expect(seriesOf(option)).toMatchObject({ type: 'line', data: [1000, 250050] });
    expect((option.yAxis as Axis & { name: string }).name).toBe('元');
    expect((option.yAxis as Axis).axisLabel.formatter(1_000_000)).toBe('1万');
    expect(option.animation).toBe(true);
    expect(trendOption(points, measure('orderCount'), false)).toMatchObject({ animation: false });
    expect(seriesOf(trendOption(points, measure('orderCount'))).data).toEqual([3, 5]);
  });

  it('shows the period and the value with its unit in the tooltip', () => {
    const format = tooltipFormatter(trendOption(points, measure('paidAmountFen')));
    expect(format([{ name: '2026-05-02', value: 250050, marker: '●' }])).toBe(
      '2026-05-02<br/>●支付金额：<b>2,500.50 元</b>',
    );
    expect(periodLabel('2026-05-02')).toBe('05-02');
    expect(periodLabel('2026-05')).toBe('2026-05');
  });
});

describe('the split chart', () => {
  const part = (id: number, name: string, paid: number, own = false) => ({
    ...zero,
    id,
    name,
    own,
    paidAmountFen: paid,
    orderCount: 100 - id,
  });

  it('groups by the area dimension first, else by agent, else not at all', () => {
    expect(splitDimensionLabel({ areaDimension: 'city', agentDimension: true })).toBe('城市');
    expect(splitDimensionLabel({ agentDimension: true })).toBe('代理');
    expect(splitDimensionLabel({ agentDimension: false })).toBeNull();
  });

  it('draws the largest groups of the measure first, at most SPLIT_LIMIT, the own one as 本级', () => {
    const parts = [part(1, '甲', 10), part(2, '乙', 30, true), part(3, '丙', 20)];
    const option = splitOption(parts, measure('paidAmountFen'));
    expect((option.yAxis as Axis).data).toEqual(['本级', '丙', '甲']);
    expect(seriesOf(option)).toMatchObject({ type: 'bar', data: [30, 20, 10] });
    expect(seriesOf(option).label?.formatter({ value: 1234500 })).toBe('1.23万');
    // Another measure orders the groups by itself.
    expect(splitParts(parts, measure('orderCount')).map((p) => p.id)).toEqual([1, 2, 3]);
    const many = Array.from({ length: 20 }, (_, i) => part(i + 1, `区${i + 1}`, i));
    expect(splitParts(many, measure('paidAmountFen'))).toHaveLength(SPLIT_LIMIT);
    expect(partName({ name: '星途总代', own: true })).toBe('本级');
  });

  it('escapes the names it shows in its HTML tooltip', () => {
    expect(escapeHtml('<img src=x onerror="a">&\'')).toBe(
      '&lt;img src=x onerror=&quot;a&quot;&gt;&amp;&#39;',
    );
    const format = tooltipFormatter(splitOption([part(1, '<b>x</b>', 5)], measure('orderCount')));
    expect(format([{ name: '<b>x</b>', value: 99 }])).toBe('&lt;b&gt;x&lt;/b&gt;<br/>订单数：<b>99 单</b>');
    expect(tooltipHtml('广东省', measure('earningsFen'), 1)).toBe('广东省<br/>本级收益：<b>0.01 元</b>');
  });
});
