import { ratioToPercent as ratioToPercentLabel } from '@agent-console/contract/money';
import { sanitizeNumberInput } from '@agent-console/contract/validators';

/** Percentages have two decimals: a ratio on the wire has four (0.3550 = 35.50 %). */
export const PERCENT_DECIMALS = 2;

/** A wire ratio (0.355) as the percentage a form shows ("35.5"), at most two decimals. */
export const ratioToPercent = (ratio: number): string => String(Math.round(ratio * 10000) / 100);

/** A wire ratio for display with its sign and two decimals: 0.355 → "35.50%" (spec section 9: ×100). */
export const formatRatio = (ratio: number): string => ratioToPercentLabel(ratio, PERCENT_DECIMALS);

/** A typed percentage ("35.5") on the wire (0.355), without floating noise; null when not a number. */
export function percentToRatio(percent: string): number | null {
  const s = percent.trim().replace(/\.$/, '');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 100) / 10000 : null;
}

/**
 * A percentage field while it is typed (spec section 5): digits and one decimal point, two
 * decimals, clamped to 0..max (the parent's own value: a child never above its parent).
 */
export const sanitizePercent = (raw: string, max = 100): string =>
  sanitizeNumberInput(raw, { min: 0, max: Math.min(100, max), decimals: PERCENT_DECIMALS });

/** On blur: a trailing point goes, an empty field stays empty. */
export function finishPercent(raw: string, max = 100): string {
  const clean = sanitizePercent(raw, max);
  if (clean === '' || clean === '.') return '';
  const trimmed = clean.endsWith('.') ? clean.slice(0, -1) : clean;
  return String(Number(trimmed));
}
