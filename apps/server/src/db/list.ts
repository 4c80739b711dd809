import type { SortOrder } from '@agent-console/contract';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedStatements, rowsOf } from './client';

/**
 * The list pipeline, data side: the one way a repository pages, totals and exports a list.
 *
 * A list's cost follows the page, not the table: the keys of the page are read from the base rows
 * and only the joins the filters need, ordered by an indexed sort column with the key breaking
 * ties, and only those rows get their display joins and per-row extras (the repository's own
 * display query). A page is **one statement** (`pageOf`): the display query over a subquery of the
 * page's keys, with the count of all matches beside each row (counted on the same base rows, or
 * read from a rollup: `ListSource.count`), so a page costs one round trip to the database and one
 * snapshot answers both. `pageOfKeys` reads the keys and the count alone (one statement too), for
 * a repository that fetches its rows by key itself.
 * `pageOf`'s statements are prepared (`preparedStatements`): their text is one per filter shape,
 * the values are parameters, so PostgreSQL plans such a page once per connection and then runs its
 * generic plan. Not `pageOfKeys`: a generic plan does not know the page's offset, and for 资金明细's
 * deep pages it chose a sort of a whole agent index range (1 s) over a walk of the time index.
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
  /**
   * The count of all matches when the repository has it from elsewhere (a scalar subquery of a
   * rollup of the same rows): then the matches are not counted again.
   */
  count?: SQL;
  /**
   * The rows split by one column over a few values (the members of a small subtree, say), each
   * value's rows an index range in the list's order (an index on `(column, sort, key)`). A page
   * then reads each value's range only to the page's depth and merges them (PostgreSQL's Merge
   * Append), instead of walking the sort's index past the rows of every other value: a deep page of
   * 25 agents' entries among millions. `where` need not name the column: the partitions restrict it.
   */
  partitions?: { column: AnyColumn; values: readonly number[] };
}

export interface PageOfKeys {
  keys: number[];
  /** How many rows the filters match in all. */
  total: number;
}

const whereOf = (src: ListSource): SQL =>
  and(
    ...src.where,
    src.partitions ? inArray(src.partitions.column, [...src.partitions.values]) : undefined,
  ) ?? sql`true`;
const dir = (order: SortOrder) => (order === 'desc' ? sql.raw('desc') : sql.raw('asc'));
const orderBy = (src: ListSource) =>
  sql`${src.sort.column} ${dir(src.sort.order)}, ${src.key} ${dir(src.sort.order)}`;

/** `from … where …` of a source: repositories compose their totals queries on it. */
export const filtered = (src: ListSource): SQL => sql`from ${src.from} where ${whereOf(src)}`;

/** The count of all matches, as a scalar SQL expression. */
const countOf = (src: ListSource): SQL => src.count ?? sql`(select count(*) ${filtered(src)})`;

/**
 * The keys of the page `page` in list order: a subquery (`select key … limit … offset …`). The
 * page size is written into the text (a handful of sizes): with it a parameter, PostgreSQL cannot
 * tell a page from a whole table and never settles on the prepared statement's generic plan.
 */
const keysOfPage = (src: ListSource, page: { pageNum: number; pageSize: number }): SQL => {
  if (!Number.isSafeInteger(page.pageSize) || page.pageSize < 1)
    throw new Error('a page size is a positive integer');
  if (src.partitions) return mergedKeysOfPage(src, src.partitions, page);
  return sql`select ${src.key} ${filtered(src)} order by ${orderBy(src)} limit ${sql.raw(String(page.pageSize))} offset ${(page.pageNum - 1) * page.pageSize}`;
};

/**
 * The keys of a page of a partitioned source: each partition's first `offset + pageSize` keys in
 * list order (an index range read to the page's depth), merged in that order, the page cut from the
 * merge. No partition: no keys.
 */
function mergedKeysOfPage(
  src: ListSource,
  partitions: NonNullable<ListSource['partitions']>,
  page: { pageNum: number; pageSize: number },
): SQL {
  const depth = page.pageNum * page.pageSize;
  const order = dir(src.sort.order);
  const where = and(...src.where);
  const ranges = partitions.values.map(
    (value) =>
      sql`(select ${src.key} as k, ${src.sort.column} as s from ${src.from}
        where ${and(eq(partitions.column, value), where)} order by ${orderBy(src)} limit ${depth})`,
  );
  if (ranges.length === 0) return sql`select null::int where false`;
  return sql`select m.k from (${sql.join(ranges, sql` union all `)}) m
    order by m.s ${order}, m.k ${order} limit ${sql.raw(String(page.pageSize))} offset ${depth - page.pageSize}`;
}

/**
 * The keys of one page and the count of all matches, in one statement. A page past the end has no
 * keys but the true total (its keys are not looked for).
 */
export async function pageOfKeys(
  db: Db,
  src: ListSource,
  page: { pageNum: number; pageSize: number },
): Promise<PageOfKeys> {
  const offset = (page.pageNum - 1) * page.pageSize;
  const [row] = rowsOf(
    await db.execute(
      sql`select t.n, case when t.n > ${offset} then array(${keysOfPage(src, page)}) end as keys
        from (select (${countOf(src)})::int as n) t`,
    ),
  );
  return { keys: keyArray(row?.keys), total: Number(row?.n ?? 0) };
}

/** An SQL array of keys as a driver answers it (an array, or its text form `{1,2,3}`). */
function keyArray(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = String(value).replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}

/** What a repository's display query takes to read one page (`pageOf`). */
export interface PageSelection {
  /** The page's keys: a parenthesised subquery, for `inArray(key, keys)`. */
  keys: SQL;
  /** The list's order (the sort column, then the key), for `orderBy`. */
  order: SQL;
  /** The count of all matches, a scalar to select beside each row as `total`. */
  total: SQL<number>;
}

/**
 * One page of a list in one statement: `rows` runs the repository's display query for the page's
 * keys (`where key in keys`, `order by order`) with `total` selected beside each row. A page past
 * the end has no rows: its total is then counted alone (a second statement, only then).
 * `prepared: false` sends the statements unnamed, planned with their values each time: for a list
 * whose generic plan was checked to cost more than planning (成员财务: level 1's page 9 ms generic,
 * 4.6 ms planned with its values, the statement shared with level 4's ten members).
 */
export async function pageOf<R extends { total: number }>(
  db: Db,
  src: ListSource,
  page: { pageNum: number; pageSize: number },
  rows: (selection: PageSelection) => PromiseLike<R[]>,
  { prepared = true }: { prepared?: boolean } = {},
): Promise<{ rows: R[]; total: number }> {
  const prepare = <T>(fn: () => PromiseLike<T>): Promise<T> =>
    prepared ? preparedStatements(fn) : Promise.resolve(fn());
  const found = await prepare(() =>
    rows({
      keys: sql`(${keysOfPage(src, page)})`,
      order: orderBy(src),
      total: sql<number>`(${countOf(src)})::int`.mapWith(Number),
    }),
  );
  const [first] = found;
  if (first) return { rows: found, total: first.total };
  // No row: nothing matches (page 1: the count is 0), or the page is past the end.
  if (page.pageNum === 1) return { rows: [], total: 0 };
  const [row] = rowsOf(await prepare(() => db.execute(sql`select (${countOf(src)})::int as n`)));
  return { rows: [], total: Number(row?.n ?? 0) };
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
