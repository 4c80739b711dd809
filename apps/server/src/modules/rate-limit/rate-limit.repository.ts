import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/rate-limits';

export function createRateLimitRepository(db: Database) {
  return {
    /**
     * Counts one hit in a bucket's window and answers the window's count including it. One
     * statement (insert … on conflict do update … returning): parallel hits on any number of
     * connections each get their own count, none lost, none seen twice.
     */
    async hit(bucket: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .q()
        .insert(rateLimitCounters)
        .values({ bucket, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      if (!row) throw new Error('rate limit counter not returned');
      return row.hits;
    },
    /** Drops the windows that started before `before`. */
    async purgeBefore(before: Date): Promise<void> {
      await db.q().delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
