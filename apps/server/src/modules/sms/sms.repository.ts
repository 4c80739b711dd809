import type { SortOrder } from '@agent-console/contract';
import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contains } from '../../db/filters';
import { inKeyOrder, pageOfKeys } from '../../db/list';
import { smsCodes, smsOutbox } from '../../db/schema/sms';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

export function createSmsRepository(db: Database) {
  return {
    async ctokenUsed(ctoken: string): Promise<boolean> {
      const [row] = await db
        .q()
        .select({ id: smsCodes.id })
        .from(smsCodes)
        .where(eq(smsCodes.ctoken, ctoken));
      return row !== undefined;
    },
    async countByPhoneSince(phone: string, since: Date): Promise<number> {
      const [row] = await db
        .q()
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobilePhone, phone), gt(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async countByIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .q()
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    /** Closes every open code of the phone and type: a new code replaces the old one. Answers their ids. */
    async closeOpen(phone: string, smsType: string, at: Date): Promise<number[]> {
      const rows = await db
        .q()
        .update(smsCodes)
        .set({ closedAt: at })
        .where(and(eq(smsCodes.mobilePhone, phone), eq(smsCodes.smsType, smsType), isNull(smsCodes.closedAt)))
        .returning({ id: smsCodes.id });
      return rows.map((r) => r.id);
    },
    async insert(row: typeof smsCodes.$inferInsert): Promise<number> {
      const [inserted] = await db.q().insert(smsCodes).values(row).returning({ id: smsCodes.id });
      if (!inserted) throw new Error('sms code not inserted');
      return inserted.id;
    },
    /**
     * Voids a code whose message could not be delivered, as if the send never happened: the row
     * goes (the limits do not count it, its captcha token may be used again) and the codes it
     * replaced at `replacedAt` are open again, unless something else closed them since.
     */
    async voidCode(id: number, replaced: number[], replacedAt: Date): Promise<void> {
      await db.q().delete(smsCodes).where(eq(smsCodes.id, id));
      if (replaced.length === 0) return;
      await db
        .q()
        .update(smsCodes)
        .set({ closedAt: null })
        .where(and(inArray(smsCodes.id, replaced), eq(smsCodes.closedAt, replacedAt)));
    },
    /** The newest open code of the phone and type. */
    async latestOpen(phone: string, smsType: string): Promise<SmsCodeRow | null> {
      const [row] = await db
        .q()
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.mobilePhone, phone), eq(smsCodes.smsType, smsType), isNull(smsCodes.closedAt)))
        .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
        .limit(1);
      return row ?? null;
    },
    /**
     * Takes one of the code's `maxTries` checks, in one statement, before the code is compared: under
     * parallel guesses at most `maxTries` are ever compared. Answers the checks taken so far with
     * this one, or null when the code is closed or has none left.
     */
    async takeCheck(id: number, maxTries: number): Promise<number | null> {
      const [row] = await db
        .q()
        .update(smsCodes)
        .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.closedAt), lt(smsCodes.wrongTries, maxTries)))
        .returning({ tries: smsCodes.wrongTries });
      return row?.tries ?? null;
    },
    /** Uses a code up; false when another request used it first. */
    async close(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .q()
        .update(smsCodes)
        .set({ closedAt: at })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.closedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
    async purgeBefore(before: Date): Promise<void> {
      await db.q().delete(smsCodes).where(lt(smsCodes.createdAt, before));
    },

    /** Stores a message of the built-in provider once per idempotency key. */
    async insertOutbox(row: typeof smsOutbox.$inferInsert): Promise<void> {
      await db.q().insert(smsOutbox).values(row).onConflictDoNothing({ target: smsOutbox.idempotencyKey });
    },
    /** One page of the outbox and the count of all matches (the list pipeline, db/list.ts). */
    async outboxPage(
      filters: { mobilePhone?: string | undefined; order: SortOrder },
      page: { pageNum: number; pageSize: number },
    ) {
      const { keys, total } = await pageOfKeys(
        db.q(),
        {
          from: sql`${smsOutbox}`,
          where: [contains(smsOutbox.mobilePhone, filters.mobilePhone)],
          key: smsOutbox.id,
          sort: { column: smsOutbox.createdAt, order: filters.order },
        },
        page,
      );
      if (keys.length === 0) return { rows: [], total };
      const rows = await db.q().select().from(smsOutbox).where(inArray(smsOutbox.id, keys));
      return { rows: inKeyOrder(keys, rows, (r) => r.id), total };
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
