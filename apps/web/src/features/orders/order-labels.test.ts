import { describe, expect, it } from 'vitest';
import { durationText, statusLabel } from './order-labels';

describe('order labels', () => {
  it('names durations, statuses and drops the tree root', () => {
    expect([durationText(45), durationText(120), durationText(90)]).toEqual([
      '45分钟',
      '2小时',
      '1小时30分钟',
    ]);
    expect([statusLabel(52), statusLabel(70), statusLabel(99)]).toEqual(['部分完成', '维权中', '99']);
  });
});
