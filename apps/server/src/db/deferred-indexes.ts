import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { rowsOf } from './rows';
import { deferredIndexes } from './schema/deferred-indexes';

/**
 * Bulk loads into empty tables (the demo world's first start, docs/architecture.md#first-start):
 * the tables' secondary indexes are dropped before the load and each built once after it, as
 * pg_restore loads data before it builds indexes. Building an index from the loaded rows (one sort)
 * costs a small part of what inserting every row into it costs (the demo's 100,000 orders: about
 * 1.5 s against 10 s for their 10 secondary indexes on PGlite). Unique indexes and those behind a
 * constraint stay: the load's own statements need them (`on conflict (order_no)`, the keys).
 *
 * PGlite only: one process holds its data folder (db/data-dir-lock.ts), so nothing else reads the
 * tables while their indexes are missing. On PostgreSQL other servers may be answering from the
 * same tables, so nothing is deferred there.
 *
 * Crash-safe: an index's definition goes into `deferred_indexes` in the transaction that drops
 * it, and leaves in the one that builds it, so whenever the process dies, each index is either in
 * the schema or in that table; `Database.migrate` (every start) builds what it finds there first.
 */
export async function withDeferredIndexes<T>(
  db: Database,
  tables: readonly PgTable[],
  load: () => Promise<T>,
): Promise<T> {
  const deferred = await deferIndexes(db, tables);
  try {
    return await load();
  } finally {
    if (deferred > 0) await buildDeferredIndexes(db);
  }
}

/**
 * Drops the secondary indexes of `tables` when they are all empty and the database is PGlite,
 * keeping their definitions in `deferred_indexes` (one transaction); how many it dropped.
 */
export async function deferIndexes(db: Database, tables: readonly PgTable[]): Promise<number> {
  if (db.driver !== 'pglite' || tables.length === 0) return 0;
  return db.transaction(async (tx) => {
    for (const table of tables) {
      const rows = await tx.execute(sql`select exists (select from ${table}) as filled`);
      if (rowsOf(rows)[0]?.filled !== false) return 0;
    }
    const names = tables.map((table) => getTableName(table));
    const found = rowsOf(
      await tx.execute(sql`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
          join pg_class c on c.oid = i.indexrelid
          join pg_class t on t.oid = i.indrelid
        where t.relnamespace = current_schema()::regnamespace
          and t.relname in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})
          and not i.indisunique and not i.indisprimary
          and not exists (select from pg_constraint k where k.conindid = i.indexrelid)
        order by c.relname`),
    ).map((r) => ({ name: String(r.name), definition: String(r.definition) }));
    if (found.length === 0) return 0;
    await tx.insert(deferredIndexes).values(found);
    for (const index of found) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    return found.length;
  });
}

/**
 * Builds every index `deferred_indexes` holds, each in its own transaction with the removal of its
 * row (a database without that table yet has none); how many it built.
 */
export async function buildDeferredIndexes(db: Database): Promise<number> {
  const [exists] = rowsOf(
    await db.q().execute(sql`select to_regclass('deferred_indexes') is not null as ok`),
  );
  if (exists?.ok !== true) return 0;
  const waiting = await db.q().select().from(deferredIndexes).orderBy(deferredIndexes.name);
  for (const index of waiting) {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(index.definition));
      await tx.delete(deferredIndexes).where(sql`${deferredIndexes.name} = ${index.name}`);
    });
  }
  return waiting.length;
}
