import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The filter builders every list repository uses. Each takes the (already validated) filter value
 * and answers a predicate, or undefined when the filter is not set (`and()` skips those).
 */

/** LIKE with the pattern characters of `text` (`%`, `_` and the escape itself) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains" (backed by a pg_trgm index where the column has one). */
export const contains = (column: AnyColumn | SQL, text: string | undefined): SQL | undefined =>
  text ? sql`${column} ilike ${`%${escapeLike(text)}%`}` : undefined;

/** "Ends with": a whole phone or its last digits. */
export const endsWith = (column: AnyColumn | SQL, text: string | undefined): SQL | undefined =>
  text ? sql`${column} like ${`%${escapeLike(text)}`}` : undefined;

export const equals = <T extends string | number | boolean>(
  column: AnyColumn | SQL,
  value: T | undefined,
): SQL | undefined => (value === undefined ? undefined : sql`${column} = ${value}`);

/** Both ends included; either may be absent. The dates come from `chinaRange` (shared/time). */
export const within = (column: AnyColumn | SQL, range: { from?: Date; to?: Date }): SQL | undefined => {
  const parts = [
    range.from ? sql`${column} >= ${range.from.toISOString()}` : undefined,
    range.to ? sql`${column} <= ${range.to.toISOString()}` : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length === 0 ? undefined : sql.join(parts, sql` and `);
};
