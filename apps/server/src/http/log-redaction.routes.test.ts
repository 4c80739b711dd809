import * as contract from '@agent-console/contract';
import {
  changeMobilePhoneTwo,
  exportAgentInfoPage,
  ID_PHOTO_PATH,
  isEndpoint,
  isExistMobilePhone,
  isXuanHaoExistUser,
  pathOf,
} from '@agent-console/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';

/**
 * Issue 8: phones, SMS codes and tokens travel in some paths and query strings; the request log
 * (LOG_LEVEL=info, one "incoming request" line per call with its URL) never shows them.
 */
const lines: string[] = [];
const t = useTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
beforeEach(() => {
  lines.splice(0);
});

const CITY = '13800000003';
const logged = () => lines.join('');
const urlsLogged = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
    .filter((entry) => entry.msg === 'incoming request')
    .map((entry) => entry.req?.url ?? '');

const post = (url: string, cookie?: string) =>
  t.inject({
    method: 'POST',
    url,
    payload: {},
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

describe('the request log', () => {
  it('shows no phone or SMS code of a path parameter', async () => {
    const cookie = await t.login(CITY);
    lines.splice(0);
    expect((await post(pathOf(isExistMobilePhone, { mobilePhone: '13912345678' }))).json()).toMatchObject({
      responseCode: '0000',
    });
    await post(pathOf(isXuanHaoExistUser, { mobilePhone: '13987654321' }), cookie);
    await post(pathOf(changeMobilePhoneTwo, { smsCode: '654321' }), cookie);

    expect(urlsLogged()).toEqual([
      '/api/userBase/isExistMobilePhone/***',
      '/api/agent/isXuanHaoExistUser/***',
      '/api/userBase/changeMobilePhoneTwo/***',
    ]);
    for (const secret of ['13912345678', '13987654321', '654321', CITY])
      expect(logged()).not.toContain(secret);
  });

  it('shows no filter value or download token of an export query string, but its paging and sort', async () => {
    const cookie = await t.login(CITY);
    lines.splice(0);
    const query =
      'mobilePhone=13800000004&agentName=%E5%8D%97%E5%B1%B1&downloadToken=tok_0123456789&orderBy=createTime&order=desc';
    const res = await t.inject({
      method: 'GET',
      url: `${exportAgentInfoPage.path}?${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(urlsLogged()).toEqual([
      `${exportAgentInfoPage.path}?mobilePhone=***&agentName=***&downloadToken=***&orderBy=createTime&order=desc`,
    ]);
    expect(logged()).not.toContain('13800000004');
    expect(logged()).not.toContain('tok_0123456789');
  });

  it('shows no digits of a phone in a path no route matches, nor an ID photo id', async () => {
    const cookie = await t.login(CITY);
    lines.splice(0);
    await post('/api/userBase/isExistMobilePhone/13911112222/more');
    await t.inject({ method: 'GET', url: `${ID_PHOTO_PATH}/f0123456789abcdef`, headers: { cookie } });
    expect(urlsLogged()).toEqual(['/api/userBase/isExistMobilePhone/***/more', `${ID_PHOTO_PATH}/***`]);
    expect(logged()).not.toContain('13911112222');
    expect(logged()).not.toContain('f0123456789abcdef');
  });

  it('keeps ids of records, which are not personal', async () => {
    const cookie = await t.login(CITY);
    lines.splice(0);
    await post('/api/agent/query/4', cookie);
    expect(urlsLogged()).toEqual(['/api/agent/query/4']);
  });

  it('redacts every path parameter of the contract but record ids', async () => {
    const endpoints = Object.values(contract as Record<string, unknown>)
      .filter(isEndpoint)
      .filter((ep) => ep.path.includes('/:'));
    expect(endpoints.length).toBeGreaterThan(0);
    const cookie = await t.login(CITY);
    const marker = (name: string) => (name === 'smsCode' ? '246813' : '13924681357');
    for (const ep of endpoints) {
      const names = [...ep.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
      if (names.every((name) => name === 'id')) continue;
      lines.splice(0);
      await post(pathOf(ep, Object.fromEntries(names.map((name) => [name, marker(name)]))), cookie);
      expect(urlsLogged(), ep.path).toHaveLength(1);
      expect(logged(), ep.path).not.toMatch(/246813|13924681357/);
    }
  });
});
