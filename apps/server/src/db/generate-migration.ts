/**
 * `npm run db:generate [-- --name <name>]`: drizzle-kit writes a migration for the schema changes,
 * then its hash is registered (migration-hashes.ts). `npm run db:register` registers only, for a
 * migration made with drizzle-kit directly.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerNewMigrations } from './migration-hashes';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const [command = 'generate', ...args] = process.argv.slice(2);

if (command === 'generate') {
  const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
  execFileSync(process.execPath, [drizzleKit, 'generate', ...args], { cwd: serverRoot, stdio: 'inherit' });
} else if (command !== 'register') {
  process.stderr.write(`unknown command ${command}: generate or register\n`);
  process.exit(2);
}
const added = registerNewMigrations();
process.stdout.write(
  added.length > 0
    ? `registered ${added.join(', ')} in drizzle/migration-hashes.json: commit it with the migration\n`
    : 'no new migration to register\n',
);
