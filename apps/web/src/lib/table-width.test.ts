import { describe, expect, it } from 'vitest';
import { columnsWidth } from './table-width';

describe('columnsWidth', () => {
  it('sums the numeric widths and counts a column without one as flexible', () => {
    expect(columnsWidth([{ width: 100 }, { width: 80 }])).toBe(180);
    expect(columnsWidth([{ width: 100 }, {}, { width: '20%' }], 120)).toBe(340);
    expect(columnsWidth([])).toBe(0);
  });
});
