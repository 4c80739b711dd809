import type { SortOrder } from '@agent-console/contract';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client';

/**
 * The list pipeline, data side: the one way a repository pages, totals and exports a list.
 *
 * A list is read in two steps so that its cost follows the page, not the table:
 * 1. the keys of the page, from the base rows and only the joins the filters need, ordered by an
 *    indexed sort column with the key breaking ties; the total is counted on the same base rows;
 * 2. the page's rows, with their display joins and per-row extras, for those keys only (the
 *    repository's own `rowsByKeys`).
 * An export walks the same base rows in key batches by keyset (no offset), so it never holds more
 * than a batch.
 */
export interface ListSource {
  /** FROM with the joins the filters need (not the page's display joins). */
  from: SQL;
  /** The predicates; undefined ones (filters not set) are skipped. */
  where: readonly (SQL | undefined)[];
  /** The key of a row: an integer column, unique in `from`. */
  key: AnyColumn;
  /** The sort column and its direction; the key breaks ties in the same direction. */
  sort: { column: AnyColumn | SQL; order: SortOrder };
}

export interface PageOfKeys {
  keys: number[];
  /** How many rows the filters match in all. */
  total: number;
}

const whereOf = (src: ListSource): SQL => and(...src.where) ?? sql`true`;
const dir = (order: SortOrder) => (order === 'desc' ? sql.raw('desc') : sql.raw('asc'));
const orderBy = (src: ListSource) =>
  sql`${src.sort.column} ${dir(src.sort.order)}, ${src.key} ${dir(src.sort.order)}`;

/** `from … where …` of a source: repositories compose their totals queries on it. */
export const filtered = (src: ListSource): SQL => sql`from ${src.from} where ${whereOf(src)}`;

/**
 * The keys of one page and the count of all matches. A page past the end has no keys but the true
 * total. `knownTotal`: the count when the repository has it from elsewhere (a rollup of the same
 * rows), so the matches are not counted again.
 */
export async function pageOfKeys(
  db: Db,
  src: ListSource,
  page: { pageNum: number; pageSize: number },
  knownTotal?: number,
): Promise<PageOfKeys> {
  const total =
    knownTotal ??
    Number(rowsOf(await db.execute(sql`select count(*)::int as n ${filtered(src)}`))[0]?.n ?? 0);
  const offset = (page.pageNum - 1) * page.pageSize;
  if (offset >= total) return { keys: [], total };
  const rows = rowsOf(
    await db.execute(
      sql`select ${src.key} as k ${filtered(src)} order by ${orderBy(src)} limit ${page.pageSize} offset ${offset}`,
    ),
  );
  return { keys: rows.map((r) => Number(r.k)), total };
}

/**
 * Every key of the filtered set in order, a batch at a time: keyset pagination on (sort, key), so
 * each batch is an index range whatever its depth, and memory holds one batch.
 */
export async function* keyBatches(db: Db, src: ListSource, batchSize = 1000): AsyncGenerator<number[]> {
  const cmp = src.sort.order === 'desc' ? sql.raw('<') : sql.raw('>');
  let after: { sort: unknown; key: number } | null = null;
  for (;;) {
    const rows = rowsOf(
      await db.execute(
        sql`select ${src.key} as k, (${src.sort.column})::text as s ${filtered({
          ...src,
          where: [
            ...src.where,
            after ? sql`(${src.sort.column}, ${src.key}) ${cmp} (${after.sort}, ${after.key})` : undefined,
          ],
        })} order by ${orderBy(src)} limit ${batchSize}`,
      ),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => Number(r.k));
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { sort: last.s, key: Number(last.k) };
  }
}

/** Rows fetched by key, put back in the keys' order (rows whose key is missing are dropped). */
export function inKeyOrder<R>(keys: readonly number[], rows: readonly R[], keyOf: (row: R) => number): R[] {
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.flatMap((k) => {
    const row = byKey.get(k);
    return row === undefined ? [] : [row];
  });
}
