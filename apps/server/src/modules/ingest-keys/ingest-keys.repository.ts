import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ingestKeys } from '../../db/schema/ingest';

export type IngestKeyRow = typeof ingestKeys.$inferSelect;

export function createIngestKeysRepository(db: Database) {
  return {
    /** The console's keys, newest first. */
    async all(): Promise<IngestKeyRow[]> {
      return db.q().select().from(ingestKeys).orderBy(desc(ingestKeys.createdAt), desc(ingestKeys.id));
    },
    async byId(id: string): Promise<IngestKeyRow | null> {
      const [row] = await db.q().select().from(ingestKeys).where(eq(ingestKeys.id, id));
      return row ?? null;
    },
    async insert(row: typeof ingestKeys.$inferInsert): Promise<void> {
      await db.q().insert(ingestKeys).values(row);
    },
    /** Revokes a live key; false when it is unknown or revoked already. */
    async revoke(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .q()
        .update(ingestKeys)
        .set({ revokedAt: at })
        .where(and(eq(ingestKeys.id, id), isNull(ingestKeys.revokedAt)))
        .returning({ id: ingestKeys.id });
      return rows.length > 0;
    },
    async touch(id: string, at: Date): Promise<void> {
      await db.q().update(ingestKeys).set({ lastUsedAt: at }).where(eq(ingestKeys.id, id));
    },
  };
}

export type IngestKeysRepository = ReturnType<typeof createIngestKeysRepository>;
