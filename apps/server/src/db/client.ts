import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseTarget } from '../config';

/** The query builder both drivers share; every repository is written against it. */
export type Db = PgDatabase<PgQueryResultHKT>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/migrations', import.meta.url));

/** The extensions the migrations create, loaded into every PGlite: pg_trgm backs the lists' text filters. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Any fixed number serialising concurrent migrations of several API processes on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 720_415_001;

export interface Database {
  readonly driver: DatabaseTarget['driver'];
  /** The current transaction when inside `transaction()`, the plain handle otherwise. */
  q(): Db;
  /** Runs `fn` in one transaction; repositories called inside use it through `q()`. Nested calls join it. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Applies the checked-in migrations. */
  migrate(): Promise<void>;
  /** Flushes PGlite's data to its folder (no-op on PostgreSQL, which does its own). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

function withTransactions(
  driver: Database['driver'],
  db: Db,
  rest: Pick<Database, 'migrate' | 'checkpoint' | 'close'>,
): Database {
  const current = new AsyncLocalStorage<Db>();
  return {
    driver,
    q: () => current.getStore() ?? db,
    transaction: (fn) => {
      if (current.getStore()) return fn();
      return db.transaction((tx) => current.run(tx, fn));
    },
    ...rest,
  };
}

export interface CreateDbOptions {
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  pgliteTemplate?: Blob;
}

/** Opens the database of the config: node-postgres when a URL is given, PGlite otherwise. */
export async function createDb(target: DatabaseTarget, options: CreateDbOptions = {}): Promise<Database> {
  if (target.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db: Db = drizzlePg({ client: pool });
    return withTransactions('pg', db, {
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      checkpoint: async () => {},
      close: () => pool.end(),
    });
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const pgliteDb = drizzlePglite({ client });
  const db: Db = pgliteDb;
  return withTransactions('pglite', db, {
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    async checkpoint() {
      await db.execute(sql`CHECKPOINT`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  });
}

/** The rows of a raw `execute()`: both drivers answer `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('unexpected result of a raw query');
  return rows as Record<string, unknown>[];
}
