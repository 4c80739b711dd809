import { createHash } from 'node:crypto';

/** The p-th percentile by nearest rank: p99 of 40 samples is the largest but none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The digest the console sends for a password. */
export const md5Hex = (text: string): string => createHash('md5').update(text).digest('hex');
