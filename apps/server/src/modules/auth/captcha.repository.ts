import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas } from '../../db/schema/captchas';

export function createCaptchaRepository(db: Database) {
  return {
    async insert(row: typeof captchas.$inferInsert): Promise<void> {
      await db.q().insert(captchas).values(row);
    },
    /** Marks a live captcha used and returns its answer hash; null when unknown, used or expired. */
    async consume(key: string, now: Date): Promise<string | null> {
      const [row] = await db
        .q()
        .update(captchas)
        .set({ usedAt: now })
        .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
        .returning({ answerHash: captchas.answerHash });
      return row?.answerHash ?? null;
    },
    async countByIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .q()
        .select({ n: count() })
        .from(captchas)
        .where(and(eq(captchas.ip, ip), gt(captchas.createdAt, since)));
      return row?.n ?? 0;
    },
    async purgeExpired(before: Date): Promise<void> {
      await db.q().delete(captchas).where(lt(captchas.expiresAt, before));
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
