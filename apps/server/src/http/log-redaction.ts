import type { FastifyRequest } from 'fastify';

/** What a redacted value is written as in the log. */
export const REDACTED = '***';

/**
 * Path parameters whose values may appear in the request log: ids of records, nothing personal.
 * Every other parameter (a phone, an SMS code, a file id, any parameter added later) is written
 * as `***`, so a new path parameter is redacted until it is named here.
 */
const LOGGABLE_PARAMS: ReadonlySet<string> = new Set(['id']);

/**
 * Query-string keys whose values may appear in the request log: paging, sort, levels, tree ids and
 * time ranges. Every other value (a phone filter, a name, a download token, anything added later)
 * is written as `***`.
 */
const LOGGABLE_QUERY: ReadonlySet<string> = new Set([
  'pageNum',
  'pageSize',
  'orderBy',
  'order',
  'agentLevel',
  'pid',
  'startTime',
  'endTime',
  'v',
]);

/** Runs of 6 or more digits (a phone, an SMS code, an ID number) in a path no route matched. */
const LONG_DIGITS = /\d{6,}/g;

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair.replace(LONG_DIGITS, REDACTED);
      const key = pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // an undecodable key is never on the list
      }
      return LOGGABLE_QUERY.has(name) ? pair : `${key.replace(LONG_DIGITS, REDACTED)}=${REDACTED}`;
    })
    .join('&');
}

/**
 * The URL as the request log shows it. `route` is the matched route's pattern
 * (`/api/userBase/isExistMobilePhone/:mobilePhone`): each parameter segment not on the loggable
 * list becomes `***`. Without a route (an unknown path) every run of 6 or more digits does. Query
 * values are kept only for the loggable keys.
 */
export function redactUrl(url: string, route: string | undefined): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? null : url.slice(q + 1);
  let shown: string;
  const patternSegments = route?.split('/');
  const pathSegments = path.split('/');
  if (patternSegments && patternSegments.length === pathSegments.length && route?.includes('/:')) {
    shown = pathSegments
      .map((segment, i) => {
        const pattern = patternSegments[i] ?? '';
        return pattern.startsWith(':') && !LOGGABLE_PARAMS.has(pattern.slice(1)) ? REDACTED : segment;
      })
      .join('/');
  } else if (route && !route.includes(':') && !route.includes('*')) {
    shown = path; // a fixed route: the path is the route's own text
  } else {
    shown = path.replace(LONG_DIGITS, REDACTED);
  }
  return query === null ? shown : `${shown}?${redactQuery(query)}`;
}

/**
 * The `req` serializer of the server's logger: Fastify's own fields, with the URL redacted (path
 * parameters and query strings carry phones, SMS codes and tokens). Headers are not logged.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url, req.routeOptions?.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
