import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Transaction-scoped advisory locks on named keys (`login:phone:13800000000`, `sms:ip:10.0.0.1`):
 * a limit that is checked and then written (count the attempts, then record one) holds under
 * parallel requests when both steps run in one transaction holding the limit's key. The locks are
 * released at commit or rollback; taking a `Tx` makes calling this outside a transaction a type
 * error. The keys are taken in sorted order, so two callers locking overlapping sets cannot
 * deadlock. Keys are hashed to PostgreSQL's 32-bit lock space: a collision only serialises two
 * unrelated keys. PGlite runs one transaction at a time anyway; the statement works there too.
 */
export async function lockKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
}
