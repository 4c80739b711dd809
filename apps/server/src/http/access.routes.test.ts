import * as contract from '@agent-console/contract';
import {
  type AnyEndpoint,
  type ExportEndpoint,
  isAllowed,
  isEndpoint,
  isExportEndpoint,
  pathOf,
} from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { useTestApp } from '../../test/build-test-app';

/**
 * Issue 7, §2: every call of the contract declares who may call it and which ids it carries, and
 * the server mounts exactly that. This walks the contract's exports, so a new endpoint is covered
 * the day it is written: one without an access rule, without its route, or with an id field that
 * is neither declared owned nor explained below fails here.
 */

// Its tests only refuse, look up routes and log in: the demo world once for the whole file.
const t = useTestApp({ reset: 'once' });

const endpoints = Object.values(contract as Record<string, unknown>).filter(isEndpoint);
const exports = Object.values(contract as Record<string, unknown>).filter(isExportEndpoint);

/**
 * Number fields named like ids that are not ids of the caller's tree, and why. Everything else
 * named `id`, `pid`, `…Id` or `…Ids` must be declared in the endpoint's `owns`.
 */
const NOT_OWNED: Record<string, readonly string[]> = {
  // Identity submissions, reviewed by the operator only (level 0 reaches every record).
  '/api/realAuth/review/approve': ['id'],
  '/api/realAuth/review/reject': ['id'],
  // The rental platform's user id of a player: a filter value, not a record of the console; a
  // player outside the caller's subtree simply matches no row of its scoped list.
  '/api/order/barRetail/queryOrderBarPage': ['userId'],
  '/api/order/barRetail/totalOrderBarRecord': ['userId'],
  '/api/channel/queryUsersPage': ['userId'],
  '/api/channel/queryUsersTotal': ['userId'],
  // Issue 10: a withdrawal is cancelled by its own agent only (another's answers 1004 like an
  // unknown id, whatever the tree), and reviewed by the operator (level 0 reaches every one).
  '/api/finance/withdraw/cancel': ['id'],
  '/api/finance/withdraw/review/approve': ['id'],
  '/api/finance/withdraw/review/reject': ['id'],
  '/api/finance/withdraw/review/paid': ['id'],
  '/api/finance/withdraw/review/failed': ['id'],
  '/api/finance/withdraw/review/audit': ['id'],
  // Issue 11: region codes of the region tree (the spec's provinceId, cityId, regionId), filter
  // values that belong to no agent: an area outside the caller's records matches no row.
  '/api/stats/summary/queryPage': ['provinceId', 'cityId', 'regionId'],
  '/api/stats/summary/total': ['provinceId', 'cityId', 'regionId'],
  '/api/stats/summary/chart': ['provinceId', 'cityId', 'regionId'],
};

const ID_NAME = /^(id|pid|[a-z][A-Za-z]*Ids?)$/;

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}
const defOf = (s: z.core.$ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const unwrap = (s: z.core.$ZodType): z.core.$ZodType => {
  const def = defOf(s);
  return def.innerType ? unwrap(def.innerType) : s;
};
const holdsNumbers = (s: z.core.$ZodType): boolean => {
  const def = defOf(unwrap(s));
  if (def.type === 'number') return true;
  if (def.type === 'pipe') return true; // path params coerce from the URL's text
  return def.type === 'array' && def.element !== undefined && holdsNumbers(def.element);
};
const fieldsOf = (s: z.core.$ZodType): Record<string, z.core.$ZodType> => defOf(s).shape ?? {};

/** A path with every parameter filled in by something its schema accepts. */
const samplePath = (ep: AnyEndpoint) =>
  pathOf(
    ep,
    Object.fromEntries(
      Object.keys(fieldsOf(ep.params)).map((k) => [
        k,
        k === 'mobilePhone' ? '13900000000' : k === 'smsCode' ? '123456' : 1,
      ]),
    ),
  );

const post = (url: string, cookie?: string) =>
  t.inject({
    method: 'POST',
    url,
    payload: {},
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

describe('the contract', () => {
  it('has endpoints and exports to walk', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(exports.length).toBeGreaterThan(0);
  });

  it.each(endpoints.map((ep) => [ep.path, ep] as const))('%s declares its access', (_path, ep) => {
    expect(['public', 'session', 'ingestKey']).toContain(ep.access?.auth);
    expect(ep.owns).toBeTypeOf('object');
  });

  it.each(endpoints.map((ep) => [ep.path, ep] as const))(
    '%s declares every id it carries as owned or says why not',
    (path, ep) => {
      const ids = Object.entries({ ...fieldsOf(ep.request), ...fieldsOf(ep.params) })
        .filter(([name, schema]) => ID_NAME.test(name) && holdsNumbers(schema))
        .map(([name]) => name);
      const explained = new Set([...Object.keys(ep.owns), ...(NOT_OWNED[path] ?? [])]);
      expect(ids.filter((id) => !explained.has(id))).toEqual([]);
      if (ep.access.auth === 'public') expect(ep.owns).toEqual({});
    },
  );
});

describe('the mounted API', () => {
  it.each(endpoints.map((ep) => [ep.path, ep] as const))('mounts %s as POST', (_path, ep) => {
    expect(t.app.hasRoute({ method: 'POST', url: ep.path })).toBe(true);
  });

  it.each(exports.map((ep) => [ep.path, ep] as const))('mounts the export %s as GET', (_path, ep) => {
    expect(t.app.hasRoute({ method: 'GET', url: ep.path })).toBe(true);
  });

  const sessionOnly = endpoints.filter((ep) => ep.access.auth === 'session');
  it.each(sessionOnly.map((ep) => [ep.path, ep] as const))(
    'answers 9996 to %s without a session',
    async (_path, ep) => {
      const res = await post(samplePath(ep));
      expect(res.json()).toMatchObject({ responseCode: '9996', object: null });
    },
  );

  it.each(exports.map((ep) => [ep.path, ep] as const))(
    'answers the export %s without a session with 9996',
    async (_path, ep: ExportEndpoint) => {
      const res = await t.inject({ method: 'GET', url: ep.path });
      expect(res.json()).toMatchObject({ responseCode: '9996', object: null });
    },
  );

  it('answers 1003 to a promoter on every call whose role rule it fails, before reading the body', async () => {
    const cookie = await t.login('13800000005');
    const promoter = {
      userId: 0,
      agentLevel: 5,
      setTopAuthority: false,
      addPricePermission: false,
      isHbpush: false,
      xuanhaoApp: false,
      hasMemberFinanceMenu: false,
      setSettleAuthority: false,
    };
    const ruled = [...endpoints, ...exports].filter(
      (ep) => ep.access.auth === 'session' && ep.access.roles && !isAllowed(ep.access.roles, promoter),
    );
    expect(ruled.length).toBeGreaterThan(5);
    for (const ep of ruled) {
      const res = isEndpoint(ep)
        ? await post(samplePath(ep), cookie)
        : await t.inject({ method: 'GET', url: ep.path, headers: { cookie } });
      expect([ep.path, res.json().responseCode]).toEqual([ep.path, '1003']);
    }
  });
});
