/** The database of a server configuration, opened for a bench the way the server opens it. */
import { sql } from 'drizzle-orm';
import type { Config } from '../../apps/server/src/config';
import { createDb, type Database } from '../../apps/server/src/db/client';
import { acquireDataDirLock } from '../../apps/server/src/db/data-dir-lock';
import { migrationStatements } from '../../apps/server/src/db/migration-hashes';
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
 * Makes the ledger's rollups that `finance.post` keeps beside the agent days again from
 * `ledger_agent_days`, with the statements of the migrations that first built them:
 * `ledger_node_days` (0033) and the income running totals `ledger_income_days` with their opened
 * days (0037). For benches that write ledger entries and agent days in SQL.
 */
export async function rebuildLedgerRollups(db: Database): Promise<void> {
  const statements = (tag: string) => migrationStatements(tag).map((s) => sql.raw(s));
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ledger_node_days`);
    for (const s of statements('0033_ledger_node_days_backfill')) await tx.execute(s);
    await tx.execute(sql`delete from ledger_income_days`);
    await tx.execute(sql`delete from ledger_income_opened_days`);
    for (const s of statements('0037_ledger_income_days_backfill')) await tx.execute(s);
  });
}
