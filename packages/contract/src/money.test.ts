import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, percentToRatio, ratioToPercent, yuanToFen } from './index';

describe('money', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(formatYuan(123456789)).toBe('1,234,567.89');
    expect(formatYuan(-100000)).toBe('-1,000.00');
  });
  it('refuses fractional fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
  it('parses typed yuan into integer fen without float error', () => {
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.1')).toBe(110);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('-3.5')).toBe(-350);
    for (const bad of ['', '1.234', 'abc', '1,000', '.5']) expect(yuanToFen(bad)).toBeNull();
  });
  it('shows ratios as percentages and back', () => {
    expect(ratioToPercent(0.35)).toBe('35.00%');
    expect(ratioToPercent(0.1234, 1)).toBe('12.3%');
    expect(percentToRatio(12.5)).toBe(0.125);
    expect(percentToRatio(33.33)).toBe(0.3333);
  });
});
