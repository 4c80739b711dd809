import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
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

const hasBinaries = (bin: string) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'));

/**
 * A folder of PostgreSQL's binaries (initdb, pg_ctl): Debian's /usr/lib/postgresql/<version>/bin,
 * newest version first, else a folder on the PATH that holds both; or null.
 */
export function findPostgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = join(root, v, 'bin');
      if (hasBinaries(bin)) return bin;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && hasBinaries(dir)) return dirname(realpathSync(join(dir, 'initdb')));
  }
  return null;
}

export const PG_SKIPPED_MESSAGE = 'PostgreSQL suite skipped: no server reachable and no binaries';

/** CI (`.ci/run`) sets REQUIRE_POSTGRES=1: there the PostgreSQL suite must run, never skip. */
export const postgresRequired = (): boolean => process.env.REQUIRE_POSTGRES === '1';

export const PG_REQUIRED_MESSAGE =
  'REQUIRE_POSTGRES=1 but no PostgreSQL is available for the server-pg suite: no server answers at ' +
  'PG_TEST_URL or postgres://{postgres,root}@127.0.0.1:5432/test (trust auth, allowed to create databases), ' +
  'and no initdb/pg_ctl in /usr/lib/postgresql/*/bin or on the PATH. Install PostgreSQL ' +
  '(apt-get install postgresql; .ci/run does it) or start a server, or unset REQUIRE_POSTGRES to skip.';
