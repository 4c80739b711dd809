import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { Database, Db, TransactionOptions, Tx } from './database';
import { buildDeferredIndexes } from './deferred-indexes';
import { DURABLE_START_PARAMS, DurableNodeFS } from './durable-nodefs';

export type { Database, Db, TransactionOptions, Tx } from './database';
export { rowsOf } from './rows';

/**
 * How an outermost transaction that failed with a serialization failure (40001) or a deadlock
 * (40P01) is run again: at most `attempts` runs in all, waiting about `baseDelayMs` × 2^n between
 * them, with jitter so two losers do not collide again.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 10, maxDelayMs: 500 };

/** SQLSTATEs after which the whole transaction is run again: serialization failure, deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, looking through the wrappers (drizzle's DrizzleQueryError). */
export function sqlStateOf(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isRetryableTransactionError = (err: unknown): boolean =>
  RETRYABLE_SQLSTATES.has(sqlStateOf(err) ?? '');

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/migrations', import.meta.url));

/** The extensions the migrations create, loaded into every PGlite: pg_trgm backs the lists' text filters. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Any fixed number serialising concurrent migrations of several API processes on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 720_415_001;

/** One open transaction or savepoint, as seen from the code running in it. */
interface Frame {
  readonly tx: Tx;
  /** Shared by the outermost transaction and its savepoints. */
  readonly outer: { doomed?: unknown };
  /** Savepoints opened in this frame run one after the other, never interleaved on the connection. */
  queue: Promise<unknown>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTransactions(
  driver: Database['driver'],
  db: Db,
  retry: RetryPolicy,
  rest: Pick<Database, 'migrate' | 'checkpoint' | 'close'>,
): Database {
  const current = new AsyncLocalStorage<Frame>();

  /** A savepoint in `parent`: drizzle's nested transaction (SAVEPOINT / RELEASE / ROLLBACK TO). */
  function savepoint<T>(parent: Frame, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const run = () =>
      parent.tx.transaction((inner) => {
        const tx = inner as unknown as Tx;
        return current.run({ tx, outer: parent.outer, queue: Promise.resolve() }, () => fn(tx));
      });
    const result = parent.queue.then(run, run).catch((err: unknown) => {
      // The snapshot or the locks of the whole transaction are what failed: rolling back to the
      // savepoint does not cure that, so the outermost transaction fails and is run again even
      // when the caller catches this error.
      if (isRetryableTransactionError(err)) parent.outer.doomed ??= err;
      throw err;
    });
    parent.queue = result.catch(() => {});
    return result;
  }

  async function outermost<T>(fn: (tx: Tx) => Promise<T>, options: TransactionOptions | undefined) {
    const config = options?.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined;
    for (let attempt = 1; ; attempt++) {
      const outer: Frame['outer'] = {};
      try {
        return await db.transaction(
          (raw) =>
            current.run({ tx: raw as unknown as Tx, outer, queue: Promise.resolve() }, async () => {
              const result = await fn(raw as unknown as Tx);
              if (outer.doomed !== undefined) throw outer.doomed;
              return result;
            }),
          config,
        );
      } catch (err) {
        const retryable = isRetryableTransactionError(err) || outer.doomed !== undefined;
        if (!retryable || attempt >= retry.attempts) throw err;
        const delay = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
        await sleep(delay * (0.5 + Math.random()));
      }
    }
  }

  return {
    driver,
    q: () => current.getStore()?.tx ?? db,
    inTransaction: () => current.getStore() !== undefined,
    transaction: (fn, options) => {
      const parent = current.getStore();
      return parent ? savepoint(parent, fn) : outermost(fn, options);
    },
    ...rest,
  };
}

export interface CreateDbOptions {
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  pgliteTemplate?: Blob;
  /** How outermost transactions are retried (tests shorten the waits). */
  retry?: Partial<RetryPolicy>;
  /** PGlite in a folder: hears every file flushed to the disk (tests). */
  onFsync?: (path: string) => void;
}

/** Set while `preparedStatements` runs its function: the statements sent then are named. */
const naming = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with the statements it sends prepared by name (PostgreSQL): each connection parses and
 * plans a statement's text once, and after a few runs PostgreSQL keeps its generic plan when that
 * is no dearer than planning each time, so a repeated statement costs only its execution. The name
 * is a hash of the text, so a text is one statement whatever builds it. Only for statements whose
 * texts are few (a list page: one text per filter shape, the values are parameters): every name
 * stays prepared on each connection for its life. PGlite plans each statement (it has no names).
 */
export const preparedStatements = <T>(fn: () => PromiseLike<T>): Promise<T> =>
  naming.run(true, async () => await fn());

/** The name of a statement's text: `s` and the 40 hex digits of its SHA-1 (a name holds 63). */
const statementName = (text: string) => `s${createHash('sha1').update(text).digest('hex')}`;

/** node-postgres's client, naming the statements sent inside `preparedStatements`. */
class NamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: the overloads of pg.Client.query pass through as they are.
  override query(config: any, ...rest: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    const query = super.query as (...args: any[]) => any;
    if (
      naming.getStore() &&
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name
    )
      return query.call(this, { ...config, name: statementName(config.text) }, ...rest);
    return query.call(this, config, ...rest);
  }
}

/** PostgreSQL's type id of `json`. */
const JSON_OID = 114;

/**
 * PGlite's parameter serializers that differ from its own: a `json` parameter given as bytes (the
 * UTF-8 of a JSON text, `db/recordset.ts`) is sent as they are, in the binary format (which for
 * `json` is the text itself), instead of being turned into a JSON text again; anything else as
 * PGlite does (a string as it is, a value by `JSON.stringify`).
 */
const PGLITE_SERIALIZERS = {
  [JSON_OID]: (value: unknown) =>
    value instanceof Uint8Array || typeof value === 'string'
      ? value
      : JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
} as Record<number, (value: unknown) => string>;

/** Opens the database of the config: node-postgres when a URL is given, PGlite otherwise. */
export async function createDb(target: DatabaseTarget, options: CreateDbOptions = {}): Promise<Database> {
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  if (target.driver === 'pg') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      Client: NamingClient,
      // No parallel query on the server's connections: its reads are a page's index ranges, and
      // workers only take cores from the requests beside (资金明细's deep pages under 10 clients:
      // p50 138 -> 52 ms, docs/benchmarks.md).
      options: '-c max_parallel_workers_per_gather=0',
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db: Db = drizzlePg({ client: pool });
    return withTransactions('pg', db, retry, {
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
    serializers: PGLITE_SERIALIZERS,
    // In a folder: durable commits (fsync at every commit, as PostgreSQL), see durable-nodefs.ts.
    ...(target.dataDir
      ? { fs: new DurableNodeFS(target.dataDir, options.onFsync), startParams: [...DURABLE_START_PARAMS] }
      : {}),
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const pgliteDb = drizzlePglite({ client });
  const db: Db = pgliteDb;
  const database = withTransactions('pglite', db, retry, {
    async migrate() {
      // A bulk load killed before it built the indexes it deferred: built first, with the
      // definitions of the schema they were dropped from, then the migrations run on them.
      await buildDeferredIndexes(database);
      await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async checkpoint() {
      await db.execute(sql`CHECKPOINT`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  });
  return database;
}
