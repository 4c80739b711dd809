import type { RoleSubject } from '@agent-console/contract';

/** Who is calling: resolved from the session cookie on every request that needs it. */
export interface AuthContext {
  /** SHA-256 of the cookie token: the session row's id. */
  sessionId: string;
  accountId: number;
  agentId: number;
  /** The agent-info keys role rules are checked against (contract `isAllowed`). */
  subject: RoleSubject;
}

export interface RequestMeta {
  ip: string;
  userAgent: string;
}
