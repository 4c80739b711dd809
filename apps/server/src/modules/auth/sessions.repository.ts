import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Database, preparedStatements } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { agents } from '../../db/schema/agents';
import { sessions } from '../../db/schema/sessions';

export function createSessionsRepository(db: Database) {
  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.q().insert(sessions).values(row);
    },
    /** The session with its account and agent, for resolving a request's caller (every call: prepared). */
    async findWithOwner(id: string) {
      const [row] = await preparedStatements(() =>
        db
          .q()
          .select({
            session: sessions,
            accountStatus: accounts.status,
            agent: {
              id: agents.id,
              status: agents.status,
              agentLevel: agents.agentLevel,
              setTopAuthority: agents.setTopAuthority,
              addPricePermission: agents.addPricePermission,
              isHbpush: agents.isHbpush,
              xuanhaoApp: agents.xuanhaoApp,
              hasMemberFinanceMenu: agents.hasMemberFinanceMenu,
              setSettleAuthority: agents.setSettleAuthority,
            },
          })
          .from(sessions)
          .innerJoin(accounts, eq(accounts.id, sessions.accountId))
          .innerJoin(agents, eq(agents.userId, sessions.accountId))
          .where(eq(sessions.id, id)),
      );
      return row ?? null;
    },
    /** Moves last_seen_at forward to `at` (never back: parallel requests may write out of order). */
    async touch(id: string, at: Date): Promise<void> {
      await db
        .q()
        .update(sessions)
        .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${at})` })
        .where(eq(sessions.id, id));
    },
    async revoke(id: string, at: Date): Promise<void> {
      await db
        .q()
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    /** Revokes every live session of an account, but the one named in `exceptId`. */
    async revokeAllOf(accountId: number, at: Date, exceptId?: string): Promise<void> {
      await db
        .q()
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.accountId, accountId),
            isNull(sessions.revokedAt),
            exceptId === undefined ? undefined : ne(sessions.id, exceptId),
          ),
        );
    },
    /** Removes sessions that ended before `before`. */
    async purgeEnded(before: Date): Promise<void> {
      await db.q().delete(sessions).where(lt(sessions.expiresAt, before));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
