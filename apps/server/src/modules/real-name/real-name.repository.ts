import type { SortOrder } from '@agent-console/contract';
import { and, count, eq, gt, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contains, equals } from '../../db/filters';
import { inKeyOrder, type ListSource, pageOfKeys } from '../../db/list';
import { accounts } from '../../db/schema/accounts';
import { agents } from '../../db/schema/agents';
import { idPhotos, realNameRecords } from '../../db/schema/real-name';

export type RealNameRow = typeof realNameRecords.$inferSelect;
export type IdPhotoRow = typeof idPhotos.$inferSelect;

export interface ReviewFilters {
  status?: number | undefined;
  mobilePhone?: string | undefined;
  order: SortOrder;
}

/** The review list's base rows: submissions, with the account only when the phone filter needs it. */
const reviewSource = (f: ReviewFilters): ListSource => ({
  from: f.mobilePhone
    ? sql`${realNameRecords} join ${accounts} on ${accounts.id} = ${realNameRecords.accountId}`
    : sql`${realNameRecords}`,
  where: [equals(realNameRecords.status, f.status), contains(accounts.mobilePhone, f.mobilePhone)],
  key: realNameRecords.id,
  sort: { column: realNameRecords.submittedAt, order: f.order },
});

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

    /** One page of the review list and the count of all matches (the list pipeline, db/list.ts). */
    async reviewPage(filters: ReviewFilters, page: { pageNum: number; pageSize: number }) {
      const { keys, total } = await pageOfKeys(db.q(), reviewSource(filters), page);
      if (keys.length === 0) return { rows: [], total };
      const rows = await db
        .q()
        .select({
          record: realNameRecords,
          mobilePhone: accounts.mobilePhone,
          agentName: agents.agentName,
          agentLevel: agents.agentLevel,
        })
        .from(realNameRecords)
        .innerJoin(accounts, eq(accounts.id, realNameRecords.accountId))
        .innerJoin(agents, eq(agents.userId, realNameRecords.accountId))
        .where(inArray(realNameRecords.id, keys));
      return { rows: inKeyOrder(keys, rows, (r) => r.record.id), total };
    },
  };
}

export type RealNameRepository = ReturnType<typeof createRealNameRepository>;
