import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Committed migrations are never edited: a database that already ran one would not run it again,
 * so an edit would make two databases with "the same" migrations differ. Each migration's SHA-256
 * is registered in `drizzle/migration-hashes.json` when it is generated (`npm run db:generate`),
 * and a test (migrations.test.ts) fails when a registered file changes or a new one is missing.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle/migrations', import.meta.url));
export const MIGRATION_HASHES_FILE = fileURLToPath(
  new URL('../../drizzle/migration-hashes.json', import.meta.url),
);

export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The migrations drizzle's migrator applies, in order (`meta/_journal.json`). */
export function readJournal(dir = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * A migration's SQL statements, as drizzle's migrator splits them (at `--> statement-breakpoint`):
 * for tests and benches that run a backfill again on data they made.
 */
export function migrationStatements(tag: string, dir = MIGRATIONS_DIR): string[] {
  return readFileSync(join(dir, `${tag}.sql`), 'utf8').split('--> statement-breakpoint');
}

/** SHA-256 (hex) of a migration's SQL file, byte for byte. */
export function hashMigration(tag: string, dir = MIGRATIONS_DIR): string {
  return createHash('sha256')
    .update(readFileSync(join(dir, `${tag}.sql`)))
    .digest('hex');
}

/** The registered hashes, tag → SHA-256. */
export function readRegisteredHashes(file = MIGRATION_HASHES_FILE): Record<string, string> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * Registers the hashes of the migrations that have none yet and answers their tags. A registered
 * migration is never re-hashed: when its file no longer matches, this throws instead.
 */
export function registerNewMigrations(dir = MIGRATIONS_DIR, file = MIGRATION_HASHES_FILE): string[] {
  const registered = readRegisteredHashes(file);
  const added: string[] = [];
  for (const { tag } of readJournal(dir)) {
    const hash = hashMigration(tag, dir);
    const known = registered[tag];
    if (known === undefined) {
      registered[tag] = hash;
      added.push(tag);
    } else if (known !== hash) {
      throw new Error(
        `migration ${tag} was edited after it was registered: restore it (git checkout) and put the change in a new migration`,
      );
    }
  }
  if (added.length > 0) writeFileSync(file, `${JSON.stringify(registered, null, 2)}\n`);
  return added;
}
