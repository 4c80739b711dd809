import { and, count, desc, eq, gt, inArray, like, lt, notExists, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { agents } from '../../db/schema/agents';
import { idPhotos, realNameRecords } from '../../db/schema/real-name';

export type RealNameRow = typeof realNameRecords.$inferSelect;
export type IdPhotoRow = typeof idPhotos.$inferSelect;

export function createRealNameRepository(db: Database) {
  return {
    async insertPhoto(row: typeof idPhotos.$inferInsert): Promise<void> {
      await db.q().insert(idPhotos).values(row);
    },
    async findPhoto(id: string): Promise<IdPhotoRow | null> {
      const [row] = await db.q().select().from(idPhotos).where(eq(idPhotos.id, id));
      return row ?? null;
    },
    /**
     * Photos uploaded before `before` that no identity of their account refers to: uploads of a
     * dialog that was never submitted, and the photos a resubmission replaced.
     */
    async orphanPhotosBefore(before: Date, limit: number): Promise<Pick<IdPhotoRow, 'id' | 'storedName'>[]> {
      const referenced = db
        .q()
        .select({ one: realNameRecords.id })
        .from(realNameRecords)
        .where(
          and(
            eq(realNameRecords.accountId, idPhotos.accountId),
            or(
              eq(realNameRecords.idFaceFront, idPhotos.id),
              eq(realNameRecords.idFaceBack, idPhotos.id),
              eq(realNameRecords.idFaceHold, idPhotos.id),
            ),
          ),
        );
      return db
        .q()
        .select({ id: idPhotos.id, storedName: idPhotos.storedName })
        .from(idPhotos)
        .where(and(lt(idPhotos.createdAt, before), notExists(referenced)))
        .orderBy(idPhotos.createdAt)
        .limit(limit);
    },
    async deletePhotos(ids: string[]): Promise<void> {
      if (ids.length) await db.q().delete(idPhotos).where(inArray(idPhotos.id, ids));
    },
    async countPhotosSince(accountId: number, since: Date): Promise<number> {
      const [row] = await db
        .q()
        .select({ n: count() })
        .from(idPhotos)
        .where(and(eq(idPhotos.accountId, accountId), gt(idPhotos.createdAt, since)));
      return row?.n ?? 0;
    },

    async findByAccount(accountId: number): Promise<RealNameRow | null> {
      const [row] = await db
        .q()
        .select()
        .from(realNameRecords)
        .where(eq(realNameRecords.accountId, accountId));
      return row ?? null;
    },
    async findById(id: number): Promise<RealNameRow | null> {
      const [row] = await db.q().select().from(realNameRecords).where(eq(realNameRecords.id, id));
      return row ?? null;
    },
    /** Another account's identity (under review or verified) with this ID number. */
    async idNumberTakenByOther(idNoHmac: string, accountId: number): Promise<boolean> {
      const rows = await db
        .q()
        .select({ accountId: realNameRecords.accountId, status: realNameRecords.status })
        .from(realNameRecords)
        .where(eq(realNameRecords.idNoHmac, idNoHmac));
      return rows.some((r) => r.accountId !== accountId && (r.status === 0 || r.status === 1));
    },
    async insert(row: typeof realNameRecords.$inferInsert): Promise<RealNameRow> {
      const [created] = await db.q().insert(realNameRecords).values(row).returning();
      if (!created) throw new Error('insert into real_name_records returned no row');
      return created;
    },
    async update(
      id: number,
      patch: Partial<typeof realNameRecords.$inferInsert>,
      expectedStatus: number,
    ): Promise<RealNameRow | null> {
      const [row] = await db
        .q()
        .update(realNameRecords)
        .set(patch)
        .where(and(eq(realNameRecords.id, id), eq(realNameRecords.status, expectedStatus)))
        .returning();
      return row ?? null;
    },

    async reviewPage(
      filter: { status?: number | undefined; mobilePhone?: string | undefined },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [];
      if (filter.status !== undefined) conditions.push(eq(realNameRecords.status, filter.status));
      if (filter.mobilePhone) conditions.push(like(accounts.mobilePhone, `%${filter.mobilePhone}%`));
      const where = conditions.length ? and(...conditions) : undefined;
      const base = () =>
        db
          .q()
          .select({
            record: realNameRecords,
            mobilePhone: accounts.mobilePhone,
            agentName: agents.agentName,
            agentLevel: agents.agentLevel,
          })
          .from(realNameRecords)
          .innerJoin(accounts, eq(accounts.id, realNameRecords.accountId))
          .innerJoin(agents, eq(agents.userId, realNameRecords.accountId));
      const [rows, [total]] = await Promise.all([
        base()
          .where(where)
          .orderBy(desc(realNameRecords.submittedAt), desc(realNameRecords.id))
          .offset(offset)
          .limit(limit),
        db
          .q()
          .select({ n: count() })
          .from(realNameRecords)
          .innerJoin(accounts, eq(accounts.id, realNameRecords.accountId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type RealNameRepository = ReturnType<typeof createRealNameRepository>;
