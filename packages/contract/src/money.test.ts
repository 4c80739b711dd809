import { describe, expect, it } from 'vitest';
import {
  Fen,
  fenToYuan,
  formatYuan,
  MAX_FEN,
  NonNegativeFen,
  PositiveFen,
  percentToRatio,
  ratioToPercent,
  yuanToFen,
} from './index';

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
  it('parses typed yuan only within the bound', () => {
    expect(yuanToFen('100000000000')).toBe(MAX_FEN);
    expect(yuanToFen('-100000000000.00')).toBe(-MAX_FEN);
    expect(yuanToFen('100000000000.01')).toBeNull();
    expect(yuanToFen('9999999999999')).toBeNull();
  });
  it('shows and parses back every amount exactly, up to the bound', () => {
    for (const fen of [0, 1, 99, 100, 101, 12_345_678_901, MAX_FEN - 1, MAX_FEN, -1, -MAX_FEN]) {
      expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    }
  });
});

describe('Fen', () => {
  it('is 10^13 fen at most, so 900 amounts still add up exactly in a JS number', () => {
    expect(MAX_FEN).toBe(10 ** 13);
    expect(Number.isSafeInteger(MAX_FEN * 900)).toBe(true);
    expect(Number.isSafeInteger(MAX_FEN * 901)).toBe(false);
  });
  it('accepts integer fen within ±MAX_FEN', () => {
    for (const fen of [0, 1, -1, 1999, MAX_FEN, -MAX_FEN]) expect(Fen.parse(fen)).toBe(fen);
  });
  it('refuses fractions, strings, non-finite numbers and amounts beyond the bound', () => {
    for (const bad of [
      0.5,
      19.99,
      '100',
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      MAX_FEN + 1,
      -MAX_FEN - 1,
    ])
      expect(Fen.safeParse(bad).success).toBe(false);
    expect(Fen.safeParse(MAX_FEN + 1).error?.issues[0]?.message).toBe('金额超出范围');
    expect(Fen.safeParse(1.5).error?.issues[0]?.message).toBe('金额必须是以分为单位的整数');
  });
  it('has a non-negative and a positive variant', () => {
    expect(NonNegativeFen.parse(0)).toBe(0);
    expect(NonNegativeFen.safeParse(-1).error?.issues[0]?.message).toBe('金额不能为负');
    expect(NonNegativeFen.safeParse(MAX_FEN + 1).success).toBe(false);
    expect(PositiveFen.parse(1)).toBe(1);
    expect(PositiveFen.safeParse(0).error?.issues[0]?.message).toBe('金额必须大于0');
  });
  it('travels as a JSON integer', () => {
    expect(JSON.stringify({ amount: Fen.parse(MAX_FEN) })).toBe('{"amount":10000000000000}');
    expect(Fen.parse(JSON.parse('{"amount":-250}').amount)).toBe(-250);
  });
  it('shows ratios as percentages and back', () => {
    expect(ratioToPercent(0.35)).toBe('35.00%');
    expect(ratioToPercent(0.1234, 1)).toBe('12.3%');
    expect(percentToRatio(12.5)).toBe(0.125);
    expect(percentToRatio(33.33)).toBe(0.3333);
  });
});
