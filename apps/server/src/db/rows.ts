/** The rows of a raw `execute()`: both drivers answer `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('unexpected result of a raw query');
  return rows as Record<string, unknown>[];
}
