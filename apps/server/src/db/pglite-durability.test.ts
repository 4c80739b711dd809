import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Database, rowsOf } from './client';

/**
 * Issue 8: the embedded database in a folder makes every commit durable: PostgreSQL runs with
 * fsync on, and its fsync of the WAL reaches the disk before the commit returns.
 */
const dir = mkdtempSync(join(tmpdir(), 'ac-durable-'));
const synced: string[] = [];
let db: Database | null = null;

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const one = async (query: ReturnType<typeof sql>) => rowsOf(await db?.q().execute(query))[0] ?? {};

describe('PGlite in a folder', () => {
  it('runs PostgreSQL with fsync on, the WAL flushed by fsync()', async () => {
    db = await createDb(
      { driver: 'pglite', dataDir: join(dir, 'pglite') },
      { onFsync: (p) => synced.push(p) },
    );
    expect(await one(sql`show fsync`)).toEqual({ fsync: 'on' });
    expect(await one(sql`show wal_sync_method`)).toEqual({ wal_sync_method: 'fsync' });
    expect(await one(sql`show synchronous_commit`)).toEqual({ synchronous_commit: 'on' });
    // A new database in a folder runs initdb and every migration: slow on a loaded CI machine.
  }, 180_000);

  it('flushes the WAL to the disk at every commit, before the commit returns', async () => {
    await db?.q().execute(sql`create table t (id int primary key)`);
    for (let i = 0; i < 3; i++) {
      synced.splice(0);
      await db?.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (${i})`);
        expect(synced).toEqual([]); // nothing is flushed before the commit
      });
      expect(synced.filter((path) => path.includes('/pg_wal/')).length).toBeGreaterThan(0);
    }
  });

  it('flushes the data files at a checkpoint', async () => {
    synced.splice(0);
    await db?.checkpoint();
    expect(synced.some((path) => path.includes('/base/'))).toBe(true);
  });
});
