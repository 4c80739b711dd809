import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema/login-attempts';

export function createLoginAttemptsRepository(db: Database) {
  const failures = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .q()
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.success, false), where));
    return row?.n ?? 0;
  };

  return {
    /**
     * Records an attempt as a failure before its password is checked (in the transaction holding
     * the limits' locks, so parallel attempts count one another); `markSuccess` turns it into a
     * success once the password proves right. Answers its id.
     */
    async reserve(row: { phone: string; ip: string; at: Date }): Promise<number> {
      const [inserted] = await db
        .q()
        .insert(loginAttempts)
        .values({ ...row, success: false })
        .returning({ id: loginAttempts.id });
      if (!inserted) throw new Error('login attempt not recorded');
      return inserted.id;
    },
    async markSuccess(id: number): Promise<void> {
      await db.q().update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
    },
    failuresByPhoneSince: (phone: string, since: Date) =>
      failures(and(eq(loginAttempts.phone, phone), gt(loginAttempts.at, since))),
    failuresByIpSince: (ip: string, since: Date) =>
      failures(and(eq(loginAttempts.ip, ip), gt(loginAttempts.at, since))),
    async lastSuccessByPhone(phone: string): Promise<Date | null> {
      const [row] = await db
        .q()
        .select({ at: max(loginAttempts.at) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.phone, phone), eq(loginAttempts.success, true)));
      return row?.at ?? null;
    },
    async purgeBefore(before: Date): Promise<void> {
      await db.q().delete(loginAttempts).where(lt(loginAttempts.at, before));
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
