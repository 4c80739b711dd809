import { describe, expect, it } from 'vitest';
import { formatTime } from './format';

describe('formatTime', () => {
  it('shows a wire time as it is, a bare date at midnight, nothing as a dash', () => {
    expect(formatTime('2026-03-05 08:09:10')).toBe('2026-03-05 08:09:10');
    expect(formatTime('2026-03-05')).toBe('2026-03-05 00:00:00');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('')).toBe('—');
  });

  it('shows an ISO time in the browser time, and text it cannot read as it came', () => {
    const iso = new Date(2026, 2, 5, 8, 9, 10).toISOString();
    expect(formatTime(iso)).toBe('2026-03-05 08:09:10');
    expect(formatTime('soon')).toBe('soon');
  });
});
