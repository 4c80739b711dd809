import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** Servers tried in turn when PG_TEST_URL is not set: trust auth on 127.0.0.1:5432, database `test`. */
const DEFAULT_URLS = ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];

/** The first reachable PostgreSQL (PG_TEST_URL, or the defaults) that may create databases. */
export async function findPostgresServer(): Promise<string | null> {
  const explicit = process.env.PG_TEST_URL?.trim();
  for (const url of explicit ? [explicit] : DEFAULT_URLS) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        'select (rolsuper or rolcreatedb) as ok from pg_roles where rolname = current_user',
      );
      if (rows[0]?.ok) return url;
    } catch {
      // not reachable with these credentials
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}

/** A folder of PostgreSQL's binaries (initdb, pg_ctl), newest version first, or null. */
export function findPostgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export const PG_SKIPPED_MESSAGE = 'PostgreSQL suite skipped: no server reachable and no binaries';
