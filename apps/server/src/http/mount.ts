import {
  type AnyEndpoint,
  Codes,
  type Envelope,
  type ObjectOf,
  type ParsedParamsOf,
  type ParsedRequestOf,
} from '@agent-console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Scope, scopeOf } from '../modules/agents/scope';
import { AppError } from '../shared/app-error';
import type { AuthContext } from '../shared/auth-context';
import { loadSession, requireRole, requireSession } from './auth';
import { takeExpensiveTurn } from './expensive-calls';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The caller as a handler of an endpoint sees it: present on session endpoints, maybe null on public ones. */
type CallerOf<E extends AnyEndpoint> = E['access'] extends { auth: 'public' }
  ? AuthContext | null
  : AuthContext;

interface Context<E extends AnyEndpoint> {
  auth: CallerOf<E>;
  /** The caller's reach (session endpoints; null on public ones). */
  scope: E['access'] extends { auth: 'public' } ? Scope | null : Scope;
  /** The path parameters, parsed by the endpoint's `params` schema (empty when its path has none). */
  params: ParsedParamsOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends AnyEndpoint> = (
  body: ParsedRequestOf<E>,
  ctx: Context<E>,
) => Promise<Envelope<ObjectOf<E>>>;

/** The access hooks of an endpoint's declaration: the session, then the role rule. */
export function accessHooks(access: AnyEndpoint['access']): onRequestAsyncHookHandler[] {
  if (access.auth === 'ingestKey')
    throw new Error('an endpoint signed by an ingest key is mounted by its own route (ingest-api.routes.ts)');
  if (access.auth === 'public')
    return [
      async (req, reply) => {
        await loadSession(req, reply);
      },
    ];
  return access.roles ? [requireSession, requireRole(access.roles)] : [requireSession];
}

export interface MountOptions {
  bodyLimit?: number;
  /**
   * An expensive call: at most a few per session run at once, the others wait their turn or are
   * refused with 1029 (`expensive-calls.ts`). Default: true for the page and totals calls of a
   * list; exports always are (`mountExport`).
   */
  expensive?: boolean;
}

/**
 * Mounts one endpoint of the contract: POST at its path, the body validated by its request schema
 * and the reply by its response schema, behind the access the contract declares for it; every id
 * the request carries in a field the contract's `owns` names is checked to be the caller's (1004
 * otherwise) before the handler runs.
 */
export function mount<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  handler: Handler<E>,
  options: MountOptions = {},
): void {
  const owns = Object.keys(ep.owns).length > 0 ? ep.owns : null;
  const expensive = options.expensive ?? 'list' in ep;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: ep.path,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    schema: { body: ep.request, params: ep.params, response: { 200: ep.response } },
    onRequest: expensive ? [takeExpensiveTurn, ...accessHooks(ep.access)] : accessHooks(ep.access),
    preHandler: owns
      ? async (req) => {
          if (!req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
          await req.server.ownership.assertRequest(scopeOf(req.auth), owns, req.body, req.params);
        }
      : [],
    handler: (req, reply) => {
      if (ep.access.auth !== 'public' && !req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
      const ctx = {
        auth: req.auth,
        scope: req.auth ? scopeOf(req.auth) : null,
        params: req.params as ParsedParamsOf<E>,
        req,
        reply,
      } as Context<E>;
      return handler(req.body as ParsedRequestOf<E>, ctx);
    },
  });
}
