import { Codes } from '@agent-console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error';

const isApiCall = (req: FastifyRequest) => req.method === 'POST' && req.url.startsWith('/api/');

/** Whether the browser that sent this request says it comes from a page of another site. */
function isForeignOrigin(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (allowed.includes(origin)) return false;
  try {
    const from = new URL(origin);
    // Normalised the same way, so "example.com:80" and "http://example.com" compare equal.
    return from.host !== new URL(`${from.protocol}//${req.host}`).host;
  } catch {
    return true; // "null" and other opaque origins
  }
}

const isJson = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * Before anything else runs for an API call:
 * - a request whose Origin is a foreign site is refused silently with 'R9998' (HTTP 403): the
 *   console never calls across origins, so such a request is a forgery or a misconfigured proxy;
 * - a body that is not `application/json` is refused with '1001' (HTTP 415). A cross-site form can
 *   only send form or text bodies, so with SameSite cookies this closes CSRF.
 */
export function registerRequestGuards(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiCall(req)) return;
    // Replies carry personal data and depend on the session: never stored by browsers or proxies.
    reply.header('Cache-Control', 'no-store');
    if (isForeignOrigin(req, allowedOrigins))
      throw new AppError(Codes.SILENT_REJECT, undefined, { httpStatus: 403 });
    if (!isJson(req.headers['content-type'])) {
      throw new AppError(Codes.UNSUPPORTED_MEDIA_TYPE, undefined, { httpStatus: 415 });
    }
  });
}
