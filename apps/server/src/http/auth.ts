import { Codes, isAllowed, type RoleRule } from '@agent-console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Ownership } from '../modules/agents/scope';
import { AppError } from '../shared/app-error';
import type { AuthContext, RequestMeta } from '../shared/auth-context';

export const SESSION_COOKIE = 'ac_sid';

export interface SessionResolver {
  /** The caller of a valid session token, or null when the token is unknown, revoked or expired. */
  resolve(token: string, meta: RequestMeta): Promise<AuthContext | null>;
}

export interface AuthPluginOptions {
  resolver: SessionResolver;
  cookieSecure: boolean;
  /** Checks the ids a request carries against the caller's subtree (mount's `owns`). */
  ownership: Ownership;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionResolver: SessionResolver;
    sessionCookieSecure: boolean;
    ownership: Ownership;
  }
  interface FastifyRequest {
    /** Set by `loadSession`: the caller, or null when anonymous. */
    auth: AuthContext | null;
  }
}

/** Cross-cutting: the session resolver and the request's `auth` slot, visible to every module. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { resolver, cookieSecure, ownership }) => {
    app.decorate('sessionResolver', resolver);
    app.decorate('ownership', ownership);
    app.decorate('sessionCookieSecure', cookieSecure);
    app.decorateRequest('auth', null);
  },
  { name: 'auth' },
);

export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 512),
});

export const sessionToken = (req: FastifyRequest): string | undefined =>
  req.cookies[SESSION_COOKIE] || undefined;

/** Resolves the session cookie (if any) into `req.auth`. A dead cookie is cleared. */
export async function loadSession(req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> {
  const token = sessionToken(req);
  req.auth = token ? await req.server.sessionResolver.resolve(token, requestMeta(req)) : null;
  if (token && !req.auth) clearSessionCookie(reply);
  return req.auth;
}

/** Route hook: the call needs a live session, else '9996'. */
export async function requireSession(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await loadSession(req, reply))) throw new AppError(Codes.NOT_LOGGED_IN);
}

/** Route hook factory: the caller's agent must pass the contract's role rule, else '1003'. */
export const requireRole =
  (rule: RoleRule) =>
  async (req: FastifyRequest): Promise<void> => {
    if (!req.auth || !isAllowed(rule, req.auth.subject)) throw new AppError(Codes.FORBIDDEN);
  };

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, now: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: reply.server.sessionCookieSecure,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: reply.server.sessionCookieSecure,
  });
}
