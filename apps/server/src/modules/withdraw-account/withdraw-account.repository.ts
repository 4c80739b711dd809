import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withdrawAccounts } from '../../db/schema/real-name';

export type WithdrawAccountRow = typeof withdrawAccounts.$inferSelect;

export function createWithdrawAccountRepository(db: Database) {
  return {
    async find(accountId: number): Promise<WithdrawAccountRow | null> {
      const [row] = await db
        .q()
        .select()
        .from(withdrawAccounts)
        .where(eq(withdrawAccounts.accountId, accountId));
      return row ?? null;
    },
    async upsert(row: typeof withdrawAccounts.$inferInsert): Promise<WithdrawAccountRow> {
      const [saved] = await db
        .q()
        .insert(withdrawAccounts)
        .values(row)
        .onConflictDoUpdate({
          target: withdrawAccounts.accountId,
          set: { accountNoEnc: row.accountNoEnc, realNameEnc: row.realNameEnc, updatedAt: row.updatedAt },
        })
        .returning();
      if (!saved) throw new Error('upsert into withdraw_accounts returned no row');
      return saved;
    },
  };
}

export type WithdrawAccountRepository = ReturnType<typeof createWithdrawAccountRepository>;
