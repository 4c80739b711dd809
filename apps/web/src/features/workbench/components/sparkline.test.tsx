import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sparkline, sparklinePath } from './sparkline';

const points = [
  { label: '03-01', value: 0 },
  { label: '03-02', value: 150 },
  { label: '03-03', value: 300 },
];
const yuan = (fen: number) => (fen / 100).toFixed(2);

describe('sparklinePath', () => {
  it('draws the points from left to right between zero and the highest value', () => {
    const { line, area } = sparklinePath([0, 150, 300]);
    expect(line).toBe('M0.0,57.0L150.0,30.0L300.0,3.0');
    expect(area).toBe(`${line}L300.0,60L0.0,60Z`);
  });

  it('keeps a flat series (all zeros) on the baseline, and draws nothing without points', () => {
    expect(sparklinePath([0, 0]).line).toBe('M0.0,57.0L300.0,57.0');
    expect(sparklinePath([])).toEqual({ line: '', area: '' });
  });
});

describe('Sparkline', () => {
  it('names the chart with its range, total and highest value, and shows the total', () => {
    render(<Sparkline title="近30天支付金额(元)" points={points} format={yuan} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('近30天支付金额(元)：03-01 至 03-03，合计 4.50，最高 3.00');
    expect(screen.getByText('合计 4.50')).toBeTruthy();
  });

  it('shows the value of the day pointed at, and the total again when the pointer leaves', () => {
    render(<Sparkline title="趋势" points={points} format={yuan} />);
    const chart = screen.getByRole('img');
    chart.getBoundingClientRect = () => ({ left: 0, width: 200, top: 0, height: 48 }) as DOMRect;
    fireEvent.pointerMove(chart, { clientX: 98 });
    expect(screen.getByText('03-02：1.50')).toBeTruthy();
    expect(chart.querySelector('.sparkline-guide')?.getAttribute('x1')).toBe('150');
    fireEvent.pointerLeave(chart);
    expect(screen.getByText('合计 4.50')).toBeTruthy();
  });
});
