import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type OutboxRow, outbox } from '../../db/schema/outbox';

export type { OutboxRow };

export interface NewOutboxRow {
  topic: string;
  idempotencyKey: string;
  payload: unknown;
  expiresAt: Date | null;
  /** Not tried by the dispatcher before this time (the writer's own lease). */
  nextAttemptAt: Date;
  createdAt: Date;
}

export function createOutboxRepository(db: Database) {
  return {
    /**
     * Writes a row in the transaction of the change it belongs to, so it exists if and only if
     * that change commits. A key written before answers the row already there, unchanged.
     */
    async insert(tx: Tx, row: NewOutboxRow): Promise<OutboxRow> {
      const [inserted] = await tx
        .insert(outbox)
        .values({ ...row, status: 'pending', attempts: 0, updatedAt: row.createdAt })
        .onConflictDoNothing({ target: outbox.idempotencyKey })
        .returning();
      if (inserted) return inserted;
      const [existing] = await tx.select().from(outbox).where(eq(outbox.idempotencyKey, row.idempotencyKey));
      if (!existing) throw new Error(`outbox row ${row.idempotencyKey} neither inserted nor found`);
      return existing;
    },

    /**
     * Takes a row its writer delivers itself, right after the commit: only while nobody tried it
     * yet. Starts an attempt and leases the row until `leaseUntil`.
     */
    async claimOwn(id: number, now: Date, leaseUntil: Date): Promise<OutboxRow | null> {
      const [row] = await db
        .q()
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), eq(outbox.attempts, 0)))
        .returning();
      return row ?? null;
    },

    /**
     * Takes up to `limit` pending rows of these topics that are due, oldest first, starting an
     * attempt on each and leasing it until `leaseUntil`. Topics this process has no handler for are
     * left to one that has (a newer version during a rolling deploy). SKIP LOCKED: dispatchers of several processes never take the
     * same row.
     */
    async claimDue(topics: string[], now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
      if (topics.length === 0) return [];
      const due = db
        .q()
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now), inArray(outbox.topic, topics)),
        )
        .orderBy(outbox.nextAttemptAt, outbox.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return (
        db
          .q()
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
          // Checked again on the row as it is now: another dispatcher may have just taken it.
          .where(and(inArray(outbox.id, due), eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
          .returning()
      );
    },

    /** Ends an attempt: sent, or given up (`failed`, `expired`). */
    async finish(id: number, status: 'sent' | 'failed' | 'expired', now: Date, error: string | null = null) {
      await db
        .q()
        .update(outbox)
        .set({
          status,
          updatedAt: now,
          ...(status === 'sent' ? { sentAt: now, lastError: null } : {}),
          ...(error !== null ? { lastError: error } : {}),
        })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    /** Ends a failed attempt that will be tried again at `nextAttemptAt`. */
    async retryLater(id: number, nextAttemptAt: Date, now: Date, error: string) {
      await db
        .q()
        .update(outbox)
        .set({ nextAttemptAt, updatedAt: now, lastError: error })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    /** Deletes the rows that were done (sent, failed or expired) before `before`. */
    async purgeDoneBefore(before: Date): Promise<number> {
      const rows = await db
        .q()
        .delete(outbox)
        .where(and(ne(outbox.status, 'pending'), lte(outbox.updatedAt, before)))
        .returning({ id: outbox.id });
      return rows.length;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
