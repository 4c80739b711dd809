import { describe, expect, it } from 'vitest';
import { feeRateText, percentToFeeRate, stageText } from './withdraw-labels';

describe('fee rates', () => {
  it('shows a rate in 1/10000 as a percentage with two decimals', () => {
    expect(feeRateText(0)).toBe('0.00%');
    expect(feeRateText(60)).toBe('0.60%');
    expect(feeRateText(125)).toBe('1.25%');
    expect(feeRateText(10000)).toBe('100.00%');
  });

  it('reads a typed percentage without floating point, and refuses what is not one', () => {
    expect(percentToFeeRate('0.6')).toBe(60);
    expect(percentToFeeRate(' 1.25 ')).toBe(125);
    expect(percentToFeeRate('100')).toBe(10000);
    expect(percentToFeeRate('0.29')).toBe(29);
    for (const bad of ['', '100.01', '1.234', '-1', 'abc', '1e2']) expect(percentToFeeRate(bad)).toBeNull();
  });
});

describe('stageText', () => {
  it('names the spec status, with where a processing or rejected withdrawal stands', () => {
    expect(stageText('pending', -1)).toBe('处理中·待审核');
    expect(stageText('approved', -1)).toBe('处理中·待打款');
    expect(stageText('paid', 1)).toBe('提现成功');
    expect(stageText('cancelled', 0)).toBe('已取消');
    expect(stageText('rejected', 2)).toBe('提现失败·已驳回');
    expect(stageText('failed', 2)).toBe('提现失败');
  });
});
