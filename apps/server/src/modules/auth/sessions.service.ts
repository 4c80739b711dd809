import type { AuthContext, RequestMeta } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { randomToken, sha256Hex } from '../../shared/hash';
import { hours, minutes } from '../../shared/time';
import type { SessionsRepository } from './sessions.repository';

/**
 * last_seen_at is written at most once a minute per session, so it may lag the last request by up
 * to this much: the idle timeout is counted from it plus this lag, so a session never ends early
 * (it ends between `idleMinutes` and `idleMinutes` + 1 after its last request).
 */
export const TOUCH_INTERVAL_MS = minutes(1);

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface StartedSession {
  /** The cookie value: 256 random bits; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

export function createSessionsService(repo: SessionsRepository, clock: Clock, policy: SessionPolicy) {
  const idleMs = minutes(policy.idleMinutes);
  const absoluteMs = hours(policy.absoluteHours);

  return {
    /** A new session for a login; the browser's previous session (if any) is revoked. */
    async start(accountId: number, meta: RequestMeta, previousToken?: string): Promise<StartedSession> {
      const now = clock();
      if (previousToken) await repo.revoke(sha256Hex(previousToken), now);
      const token = randomToken(32);
      const expiresAt = new Date(now.getTime() + absoluteMs);
      await repo.insert({
        id: sha256Hex(token),
        accountId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      // Sessions past their absolute end are useless: drop them now and then (cheap, indexed).
      await repo.purgeEnded(new Date(now.getTime() - hours(24)));
      return { token, expiresAt };
    },

    /** The caller behind a token, enforcing revocation, the idle and the absolute timeout. */
    async resolve(token: string, _meta: RequestMeta): Promise<AuthContext | null> {
      if (token.length > 128) return null;
      const id = sha256Hex(token);
      const row = await repo.findWithOwner(id);
      if (!row) return null;
      const { session, agent } = row;
      const now = clock();
      if (session.revokedAt) return null;
      if (now.getTime() >= session.expiresAt.getTime()) return null;
      // lastSeenAt is the last write, not the last request (up to TOUCH_INTERVAL_MS later).
      if (now.getTime() - session.lastSeenAt.getTime() >= idleMs + TOUCH_INTERVAL_MS) {
        await repo.revoke(id, now);
        return null;
      }
      if (row.accountStatus !== 'active' || agent.status !== 'active') return null;
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) await repo.touch(id, now);
      return {
        sessionId: id,
        accountId: session.accountId,
        agentId: agent.id,
        subject: {
          userId: session.accountId,
          agentLevel: agent.agentLevel,
          setTopAuthority: agent.setTopAuthority,
          addPricePermission: agent.addPricePermission,
          isHbpush: agent.isHbpush,
          xuanhaoApp: agent.xuanhaoApp,
          hasMemberFinanceMenu: agent.hasMemberFinanceMenu,
          setSettleAuthority: agent.setSettleAuthority,
        },
      };
    },

    async revoke(token: string): Promise<void> {
      await repo.revoke(sha256Hex(token), clock());
    },
    /** Ends every session of an account but the caller's own (a password change). */
    async revokeOthers(accountId: number, keepSessionId: string): Promise<void> {
      await repo.revokeAllOf(accountId, clock(), keepSessionId);
    },
    /** Ends every session of an account (a password reset). */
    async revokeAll(accountId: number): Promise<void> {
      await repo.revokeAllOf(accountId, clock());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
