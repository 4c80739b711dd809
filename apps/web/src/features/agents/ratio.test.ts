import { Ratio } from '@agent-console/contract/agent-mgt';
import { describe, expect, it } from 'vitest';
import { finishPercent, formatRatio, percentToRatio, ratioToPercent, sanitizePercent } from './ratio';

describe('percentages', () => {
  it('shows wire ratios times 100 with two decimals', () => {
    expect(formatRatio(0.355)).toBe('35.50%');
    expect(formatRatio(0)).toBe('0.00%');
    expect(formatRatio(1)).toBe('100.00%');
    expect(formatRatio(0.0001)).toBe('0.01%');
    expect(ratioToPercent(0.355)).toBe('35.5');
    expect(ratioToPercent(0.07)).toBe('7');
  });

  it('turns typed percentages into ratios the contract accepts, without floating noise', () => {
    expect(percentToRatio('35.5')).toBe(0.355);
    expect(percentToRatio('12.34')).toBe(0.1234);
    expect(percentToRatio('7.')).toBe(0.07);
    expect(percentToRatio('100')).toBe(1);
    expect(percentToRatio('')).toBeNull();
    for (const p of ['0.01', '33.33', '57.77', '99.99', '14.29']) {
      const ratio = percentToRatio(p);
      expect(Ratio.safeParse(ratio).success, p).toBe(true);
      expect(ratioToPercent(ratio ?? -1)).toBe(String(Number(p)));
    }
  });

  it('keeps digits and one point, two decimals, and clamps to 0..max while typing', () => {
    expect(sanitizePercent('12a.345')).toBe('12.34');
    expect(sanitizePercent('-5')).toBe('5');
    expect(sanitizePercent('150')).toBe('100');
    expect(sanitizePercent('40', 35)).toBe('35');
    expect(sanitizePercent('35.01', 35)).toBe('35');
    expect(sanitizePercent('3.')).toBe('3.');
    expect(sanitizePercent('1.2.3')).toBe('1.23');
  });

  it('tidies the field on blur', () => {
    expect(finishPercent('3.')).toBe('3');
    expect(finishPercent('03.50')).toBe('3.5');
    expect(finishPercent('')).toBe('');
    expect(finishPercent('.')).toBe('');
    expect(finishPercent('88', 20)).toBe('20');
  });
});
