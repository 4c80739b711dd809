import { Codes, INGEST_PATH } from '@agent-console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error';

const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * The path a request reaches, as the router reads it: the matched route's pattern, or the
 * percent-decoded path (`/%61pi/…` is `/api/…`). Undecodable paths count as API paths.
 */
export function routedPath(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route) return route;
  try {
    return decodeURIComponent(pathOf(req.url));
  } catch {
    return '/api/';
  }
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Whether the browser that sent this request says it comes from a page of another site: its
 * Origin, compared whole (scheme, host and port), is neither this server's nor an allowed one.
 */
function isForeignOrigin(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    const from = new URL(origin).origin;
    if (allowed.some((a) => new URL(a).origin === from)) return false;
    return from !== new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return true; // "null" and other opaque origins
  }
}

const isJson = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/** Whether a parsed body, query or set of path parameters holds a string with a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value instanceof Uint8Array) return false; // a raw body (the ingestion API checks its own)
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

export const NUL_MESSAGE = '请求参数不能包含空字符';

/**
 * Before anything else runs for an API call:
 * - replies carry personal data and depend on the session: `Cache-Control: no-store`;
 * - a request whose Origin is a foreign site is refused silently with 'R9998' (HTTP 403): the
 *   console never calls across origins, so such a request is a forgery or a misconfigured proxy;
 * - a POST body that is not `application/json` is refused with '1001' (HTTP 415). A cross-site
 *   form can only send form or text bodies, so with SameSite cookies this closes CSRF;
 * - a NUL character in any string of the body, the query or the path (PostgreSQL text cannot
 *   hold one) is refused with '1000', before validation, for every call.
 */
export function registerRequestGuards(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiPath(routedPath(req))) return;
    reply.header('Cache-Control', 'no-store');
    // The ingestion API is machine to machine, signed by an ingest key: no browser, no origin.
    if (routedPath(req) !== INGEST_PATH && isForeignOrigin(req, allowedOrigins))
      throw new AppError(Codes.SILENT_REJECT, undefined, { httpStatus: 403 });
    if (req.method === 'POST' && !isJson(req.headers['content-type'])) {
      throw new AppError(Codes.UNSUPPORTED_MEDIA_TYPE, undefined, { httpStatus: 415 });
    }
  });
  app.addHook('preValidation', async (req) => {
    if (holdsNul(req.body) || holdsNul(req.query) || holdsNul(req.params))
      throw new AppError(Codes.INVALID_PARAMS, NUL_MESSAGE);
  });
}
