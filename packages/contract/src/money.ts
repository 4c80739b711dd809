/** Money is integer fen end to end; yuan exist only on screen, with two decimals (spec section 9). */

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

/** Parses a yuan amount typed by a person ("12", "12.3", "12.34") into fen; null when it is not one. */
export function yuanToFen(input: string): number | null {
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!m) return null;
  const [, neg, int = '0', dec = ''] = m;
  const fen = Number(int) * 100 + Number(dec.padEnd(2, '0'));
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
