import type { Database, Tx } from '../src/db/client';

class RolledBack extends Error {}

/** The value `fn` read inside a transaction that is then rolled back (nothing it wrote stays). */
export async function rolledBack<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const rollback = new RolledBack('rolled back');
  let value: T | undefined;
  try {
    await db.transaction(async (tx) => {
      value = await fn(tx);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return value as T;
}
