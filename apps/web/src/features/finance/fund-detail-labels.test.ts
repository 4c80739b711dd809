import { LEDGER_KIND_VALUES } from '@agent-console/contract/fund-details';
import { describe, expect, it } from 'vitest';
import { KIND_COLORS, kindOptions, signedYuan } from './fund-detail-labels';

describe('fund detail labels', () => {
  it('writes a change with its sign and two decimals', () => {
    expect(signedYuan(123_456)).toBe('+1,234.56');
    expect(signedYuan(-5)).toBe('-0.05');
    expect(signedYuan(0)).toBe('0.00');
  });

  it('names and colors every kind', () => {
    expect(kindOptions.map((o) => o.label)).toEqual([
      '订单分润',
      '分润冲正',
      '提现冻结',
      '提现解冻',
      '提现打款',
      '提现手续费',
      '有效设备结算',
      '人工调账',
    ]);
    expect(Object.keys(KIND_COLORS).sort()).toEqual([...LEDGER_KIND_VALUES].sort());
  });
});
