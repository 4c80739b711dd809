import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import drizzleConfig from '../../drizzle.config';
import { hashMigration, MIGRATIONS_DIR, readJournal, readRegisteredHashes } from './migration-hashes';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Every file under a folder, path → content. */
function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return out;
}

describe('migrations', () => {
  it('are registered with their hashes and never edited once committed', () => {
    const registered = readRegisteredHashes();
    for (const { tag } of readJournal()) {
      // A new migration: `npm run db:register -w @agent-console/server` (db:generate does it).
      expect(registered[tag], `${tag} is not registered: run npm run db:register`).toBeDefined();
      // An edited one: restore it and put the change in a new migration.
      expect(hashMigration(tag), `${tag} was edited after it was committed`).toBe(registered[tag]);
    }
  });

  it('are never removed', () => {
    const tags = readJournal().map((e) => e.tag);
    expect(tags).toEqual(expect.arrayContaining(Object.keys(readRegisteredHashes())));
  });

  it('are in the order they were made: the migrator skips one older than the last it applied', () => {
    const journal = readJournal();
    journal.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal[i - 1]?.when ?? 0);
    });
  });

  it('agree with the schema: drizzle-kit generate finds nothing to do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-migrations-'));
    try {
      const copy = join(dir, 'migrations');
      cpSync(MIGRATIONS_DIR, copy, { recursive: true });
      const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
      const schema = drizzleConfig.schema;
      if (typeof schema !== 'string') throw new Error('drizzle.config.ts: schema is one glob');
      // drizzle-kit takes --out relative to the working folder.
      const output = execFileSync(
        process.execPath,
        [
          drizzleKit,
          'generate',
          `--dialect=${drizzleConfig.dialect}`,
          `--schema=${schema}`,
          `--out=${relative(serverRoot, copy)}`,
        ],
        { cwd: serverRoot, encoding: 'utf8', stdio: 'pipe', timeout: 50_000 },
      );
      expect(output).toContain('No schema changes');
      // Nothing written: run `npm run db:generate -w @agent-console/server` after a schema change.
      expect(filesOf(copy)).toEqual(filesOf(MIGRATIONS_DIR));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
