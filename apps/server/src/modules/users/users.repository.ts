import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AccountRow, accounts, type NewAccountRow } from '../../db/schema/accounts';

export type AccountPatch = Partial<Omit<NewAccountRow, 'id' | 'mobilePhone' | 'createdAt'>>;

export function createUsersRepository(db: Database) {
  return {
    async findById(id: number): Promise<AccountRow | null> {
      const [row] = await db.q().select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },
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
