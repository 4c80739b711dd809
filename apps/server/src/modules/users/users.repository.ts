import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AccountRow, accounts, type NewAccountRow } from '../../db/schema/accounts';
import { realNameRecords, withdrawAccounts } from '../../db/schema/real-name';

export type { AccountRow, NewAccountRow } from '../../db/schema/accounts';

export type AccountPatch = Partial<Omit<NewAccountRow, 'id' | 'mobilePhone' | 'createdAt'>>;

export interface AccountWithRecords {
  account: AccountRow;
  realNameStatus: number | null;
  withdrawAccountSet: boolean;
}

export function createUsersRepository(db: Database) {
  async function withRecords(ids: readonly number[]): Promise<AccountWithRecords[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .q()
      .select({
        account: accounts,
        realNameStatus: realNameRecords.status,
        withdrawAccountId: withdrawAccounts.accountId,
      })
      .from(accounts)
      .leftJoin(realNameRecords, eq(realNameRecords.accountId, accounts.id))
      .leftJoin(withdrawAccounts, eq(withdrawAccounts.accountId, accounts.id))
      .where(inArray(accounts.id, [...ids]));
    return rows.map((row) => ({
      account: row.account,
      realNameStatus: row.realNameStatus,
      withdrawAccountSet: row.withdrawAccountId !== null,
    }));
  }

  return {
    async findById(id: number): Promise<AccountRow | null> {
      const [row] = await db.q().select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },
    /** The account with the records its onboarding is derived from (identity, withdraw account). */
    async findWithRecords(id: number): Promise<AccountWithRecords | null> {
      const [row] = await withRecords([id]);
      return row ?? null;
    },
    /** The same for many accounts, in one query. */
    findManyWithRecords: (ids: readonly number[]) => withRecords(ids),
    async findByPhone(phone: string): Promise<AccountRow | null> {
      const [row] = await db.q().select().from(accounts).where(eq(accounts.mobilePhone, phone));
      return row ?? null;
    },
    async insert(row: NewAccountRow): Promise<AccountRow> {
      const [created] = await db.q().insert(accounts).values(row).returning();
      if (!created) throw new Error('insert into accounts returned no row');
      return created;
    },
    async update(id: number, patch: AccountPatch): Promise<void> {
      await db.q().update(accounts).set(patch).where(eq(accounts.id, id));
    },
    async count(): Promise<number> {
      return db.q().$count(accounts);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
