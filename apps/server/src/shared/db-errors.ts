/** Whether a failed query broke a unique constraint (SQLSTATE 23505), however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The constraint a failed query broke with a CHECK violation (SQLSTATE 23514), however the driver wraps it. */
export function checkViolationOf(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23514') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
