import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { passwordResets, pendingPhoneChanges } from '../../db/schema/security';

export function createSecurityRepository(db: Database) {
  return {
    async savePendingPhoneChange(row: typeof pendingPhoneChanges.$inferInsert): Promise<void> {
      await db
        .q()
        .insert(pendingPhoneChanges)
        .values(row)
        .onConflictDoUpdate({
          target: pendingPhoneChanges.accountId,
          set: { newMobilePhone: row.newMobilePhone, createdAt: row.createdAt, expiresAt: row.expiresAt },
        });
    },
    async pendingPhoneChange(accountId: number, now: Date) {
      const [row] = await db
        .q()
        .select()
        .from(pendingPhoneChanges)
        .where(and(eq(pendingPhoneChanges.accountId, accountId), gte(pendingPhoneChanges.expiresAt, now)));
      return row ?? null;
    },
    async deletePendingPhoneChange(accountId: number): Promise<void> {
      await db.q().delete(pendingPhoneChanges).where(eq(pendingPhoneChanges.accountId, accountId));
    },
    /** Moves the account to its new number, verified from now on (the unique index settles races). */
    async changePhone(accountId: number, mobilePhone: string, at: Date): Promise<void> {
      await db
        .q()
        .update(accounts)
        .set({ mobilePhone, phoneVerifiedAt: at })
        .where(eq(accounts.id, accountId));
    },

    /** A new reset token for the account; any older one of it stops working. */
    async replaceReset(row: typeof passwordResets.$inferInsert): Promise<void> {
      await db.q().delete(passwordResets).where(eq(passwordResets.accountId, row.accountId));
      await db.q().insert(passwordResets).values(row);
    },
    /** Uses a live token up; its account id, or null when unknown, used or expired. */
    async consumeReset(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .q()
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gte(passwordResets.expiresAt, now),
          ),
        )
        .returning({ accountId: passwordResets.accountId });
      return row?.accountId ?? null;
    },
    async purgeResets(before: Date): Promise<void> {
      await db.q().delete(passwordResets).where(lt(passwordResets.expiresAt, before));
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
