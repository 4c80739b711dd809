import * as z from 'zod/mini';

/**
 * Money is integer fen end to end (1 yuan = 100 fen): in the database (bigint), in the services,
 * on the wire (a JSON integer). Yuan exist only at the edges, on screen and in exports, with two
 * decimals (spec section 9): `fenToYuan`, `formatYuan`, and `yuanToFen` for what a person types.
 */

/**
 * The bound of every amount: |amount| ≤ 10^13 fen (1000 亿元, a hundred billion yuan). Far beyond any
 * balance, order or payout of this product, and 900 times below Number.MAX_SAFE_INTEGER (about
 * 9.007 × 10^15), so an amount is an exact JS number and a sum of up to 900 amounts still is.
 * Larger sums are computed in SQL (bigint), not in JS.
 */
export const MAX_FEN = 10_000_000_000_000;

/** An amount of money in integer fen, negative allowed (adjustments, reversals): |amount| ≤ MAX_FEN. */
export const Fen = z
  .int({ error: '金额必须是以分为单位的整数' })
  .check(z.minimum(-MAX_FEN, { error: '金额超出范围' }), z.maximum(MAX_FEN, { error: '金额超出范围' }));
export type Fen = z.infer<typeof Fen>;

/** An amount that cannot be negative (balances, prices, withdrawals): 0 ≤ amount ≤ MAX_FEN. */
export const NonNegativeFen = Fen.check(z.minimum(0, { error: '金额不能为负' }));
export type NonNegativeFen = z.infer<typeof NonNegativeFen>;

/** An amount that must be above zero (a withdrawal, a payment): 1 ≤ amount ≤ MAX_FEN. */
export const PositiveFen = Fen.check(z.minimum(1, { error: '金额必须大于0' }));
export type PositiveFen = z.infer<typeof PositiveFen>;

export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${yuan}.${String(cents).padStart(2, '0')}`;
}

/** Yuan with thousands separators, e.g. 1,234,567.89. */
export function formatYuan(fen: number): string {
  const [int = '0', dec = '00'] = fenToYuan(fen).split('.');
  const neg = int.startsWith('-');
  const digits = neg ? int.slice(1) : int;
  return `${neg ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/**
 * Parses a yuan amount typed by a person ("12", "12.3", "12.34") into fen; null when it is not one
 * or is beyond MAX_FEN.
 */
export function yuanToFen(input: string): number | null {
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!m) return null;
  const [, neg, int = '0', dec = ''] = m;
  const fen = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  if (fen > MAX_FEN) return null;
  return neg ? -fen : fen;
}

/** A stored ratio (0..1) shown as a percentage: multiply by 100 (spec section 9). */
export function ratioToPercent(ratio: number, decimals = 2): string {
  return `${(Math.round(ratio * 100 * 10 ** decimals) / 10 ** decimals).toFixed(decimals)}%`;
}

/** A percentage typed by a person back to the stored ratio, rounded to 4 decimals (0.01 %). */
export function percentToRatio(percent: number): number {
  return Math.round(percent * 100) / 10000;
}
