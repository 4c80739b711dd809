import {
  type AnyEndpoint,
  Codes,
  type Envelope,
  type ObjectOf,
  type ParsedParamsOf,
  type ParsedRequestOf,
  type RoleRule,
} from '@agent-console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../shared/app-error';
import type { AuthContext } from '../shared/auth-context';
import { loadSession, requireRole, requireSession } from './auth';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

interface Context<A, P = unknown> {
  /** The caller: always present on session routes; on public routes null when anonymous. */
  auth: A;
  /** The path parameters, parsed by the endpoint's `params` schema (empty when its path has none). */
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends AnyEndpoint, A> = (
  body: ParsedRequestOf<E>,
  ctx: Context<A, ParsedParamsOf<E>>,
) => Promise<Envelope<ObjectOf<E>>>;

interface SessionOptions {
  /** 'session' (the default): the call needs a live session, else '9996'. */
  auth?: 'session';
  /** A role rule of the contract the caller's agent must pass, else '1003'. */
  roles?: RoleRule;
  bodyLimit?: number;
}

interface PublicOptions {
  /** 'public': anyone may call; the session is still resolved when a cookie comes along. */
  auth: 'public';
  bodyLimit?: number;
}

/**
 * Mounts one endpoint of the contract: POST at its path, the body validated by its request schema
 * and the reply by its response schema, behind the declared access rule.
 */
export function mount<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  handler: Handler<E, AuthContext>,
  options?: SessionOptions,
): void;
export function mount<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  handler: Handler<E, AuthContext | null>,
  options: PublicOptions,
): void;
export function mount<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  handler: Handler<E, AuthContext> | Handler<E, AuthContext | null>,
  options: SessionOptions | PublicOptions = {},
): void {
  const onRequest: onRequestAsyncHookHandler[] = [];
  if (options.auth === 'public') {
    onRequest.push(async (req, reply) => {
      await loadSession(req, reply);
    });
  } else {
    onRequest.push(requireSession);
    if (options.roles) onRequest.push(requireRole(options.roles));
  }
  // The overloads tie each handler type to its access rule; the hooks above guarantee it here.
  const invoke =
    options.auth === 'public'
      ? (body: ParsedRequestOf<E>, req: FastifyRequest, reply: FastifyReply) =>
          (handler as Handler<E, AuthContext | null>)(body, {
            auth: req.auth,
            params: req.params as ParsedParamsOf<E>,
            req,
            reply,
          })
      : (body: ParsedRequestOf<E>, req: FastifyRequest, reply: FastifyReply) => {
          if (!req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
          return (handler as Handler<E, AuthContext>)(body, {
            auth: req.auth,
            params: req.params as ParsedParamsOf<E>,
            req,
            reply,
          });
        };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: ep.path,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    schema: { body: ep.request, params: ep.params, response: { 200: ep.response } },
    onRequest,
    handler: (req, reply) => invoke(req.body as ParsedRequestOf<E>, req, reply),
  });
}
