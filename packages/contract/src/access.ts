import type { RoleRule } from './roles';

/**
 * Who may call an endpoint: every endpoint of the contract declares it, and the server mounts it
 * from this declaration (a test walks the contract and fails on an endpoint without one).
 * - `public`: anyone; the session is still resolved when a cookie comes along.
 * - `session`: a live session, else 9996; with `roles`, the caller's agent must pass the rule
 *   (the same rules the console builds its menu from), else 1003.
 * - `ingestKey`: machine to machine (the rental platform's ingestion API): no session and no
 *   origin check; the request is signed with an ingest key (HMAC-SHA256 over the timestamp and
 *   the raw body, ingest.ts), verified by the route itself before anything is read or stored.
 */
export type Access =
  | { readonly auth: 'public' }
  | { readonly auth: 'session'; readonly roles?: RoleRule }
  | { readonly auth: 'ingestKey'; readonly roles?: never };

export const PUBLIC = { auth: 'public' } as const satisfies Access;
export const SIGNED_IN = { auth: 'session' } as const satisfies Access;
export const SIGNED_BY_INGEST_KEY = { auth: 'ingestKey' } as const satisfies Access;
export const signedInWith = <R extends RoleRule>(roles: R) => ({ auth: 'session', roles }) as const;

/**
 * The kinds of record whose ids a request may carry. Each belongs to an agent of the tree, and a
 * caller may name only those of its own subtree (the server checks every declared id of a request
 * in one query before the handler runs, and answers 1004 for any other, existing or not).
 */
export const RESOURCES = ['agent', 'netBar', 'channel', 'player', 'order'] as const;
export type Resource = (typeof RESOURCES)[number];

/** The request fields (body or path) that carry ids of a resource: a number or an array of numbers. */
export type Owns = Readonly<Record<string, Resource>>;

/** What a caller is told (code 1004) for an id of a resource outside its subtree, whether it exists or not. */
export const RESOURCE_NOT_FOUND: Readonly<Record<Resource, string>> = {
  agent: '代理不存在',
  netBar: '网吧不存在',
  channel: '渠道不存在',
  player: '用户不存在',
  order: '订单不存在',
};
