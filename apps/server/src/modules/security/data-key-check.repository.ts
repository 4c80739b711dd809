import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { realNameRecords, withdrawAccounts } from '../../db/schema/real-name';
import { dataKeyCheck } from '../../db/schema/security';

export function createDataKeyCheckRepository(db: Database) {
  return {
    async stored(): Promise<string | null> {
      const [row] = await db
        .q()
        .select({ mac: dataKeyCheck.mac })
        .from(dataKeyCheck)
        .where(eq(dataKeyCheck.id, 1));
      return row?.mac ?? null;
    },
    /** Records the key's check unless one is recorded (the first server to start wins). */
    async store(mac: string, at: Date): Promise<void> {
      await db.q().insert(dataKeyCheck).values({ id: 1, mac, createdAt: at }).onConflictDoNothing();
    },
    /** One value sealed with the data key, if the database holds any (an identity or a withdraw account). */
    async sampleSealed(): Promise<string | null> {
      const [identity] = await db
        .q()
        .select({ v: realNameRecords.realNameEnc })
        .from(realNameRecords)
        .limit(1);
      if (identity) return identity.v;
      const [account] = await db
        .q()
        .select({ v: withdrawAccounts.accountNoEnc })
        .from(withdrawAccounts)
        .limit(1);
      return account?.v ?? null;
    },
  };
}

export type DataKeyCheckRepository = ReturnType<typeof createDataKeyCheckRepository>;
