/** The database of a server configuration, opened for a bench the way the server opens it. */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Config } from '../../apps/server/src/config';
import { createDb, type Database } from '../../apps/server/src/db/client';
import { acquireDataDirLock } from '../../apps/server/src/db/data-dir-lock';
import { createServices, type Services } from '../../apps/server/src/services';

export interface OpenDatabase {
  db: Database;
  services: Services;
  /** PostgreSQL, or PGlite in its folder. */
  where: string;
  close(): Promise<void>;
}

/** Opens and migrates the database of `config` (PGlite: its folder locked, as the server does). */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  const lock = config.database.driver === 'pglite' ? acquireDataDirLock(config.dataDir) : null;
  try {
    const db = await createDb(config.database);
    await db.migrate();
    return {
      db,
      services: createServices({ db, config }),
      where:
        config.database.driver === 'pg'
          ? `PostgreSQL ${new URL(config.database.url).pathname.slice(1)}`
          : `PGlite in ${config.database.dataDir}`,
      async close() {
        await db.checkpoint();
        await db.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * Makes `ledger_node_days` again from `ledger_agent_days`, with the statement of the migration that
 * first built it: for benches that write ledger entries and agent days in SQL (not through
 * `finance.post`, which keeps both).
 */
export async function rebuildLedgerNodeDays(db: Database): Promise<void> {
  const backfill = readFileSync(
    new URL('../../apps/server/drizzle/migrations/0033_ledger_node_days_backfill.sql', import.meta.url),
    'utf8',
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ledger_node_days`);
    await tx.execute(sql.raw(backfill));
  });
}
