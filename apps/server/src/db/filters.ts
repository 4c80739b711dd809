import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The filter builders every list repository uses. Each takes the (already validated) filter value
 * and answers a predicate, or undefined when the filter is not set (`and()` skips those).
 */

/** LIKE with the pattern characters of `text` (`%`, `_` and the escape itself) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether matching `text` ignoring case is matching it exactly: none of its characters has a case
 * (Chinese, digits, most punctuation). Combining marks count as cased: a capital can lowercase to a
 * letter and a mark (İ → i̇).
 */
export const isCaseless = (text: string): boolean =>
  text === text.toLowerCase() && text === text.toUpperCase() && !/\p{M}/u.test(text);

/**
 * Case-insensitive "contains" (backed by a pg_trgm index where the column has one). A keyword
 * without cased characters (a Chinese name) is matched with LIKE: the same rows, without
 * lowercasing every value read, which makes ILIKE on Chinese text several times slower where the
 * index cannot serve (a keyword under three characters scans the rows).
 */
export const contains = (column: AnyColumn | SQL, text: string | undefined): SQL | undefined => {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return isCaseless(text) ? sql`${column} like ${pattern}` : sql`${column} ilike ${pattern}`;
};

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
