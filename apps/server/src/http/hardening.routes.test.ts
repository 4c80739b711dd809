import { approveRealName, deleteAgent, login, queryAgentInfoPage } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_DIGEST, useTestApp } from '../../test/build-test-app';
import { NUL_MESSAGE } from './request-guards';

/** Issue 8: malformed input never reaches the database, and every /api reply is the envelope. */

const t = useTestApp();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('a NUL character anywhere in a request', () => {
  it.each([
    ['the phone of a login', { mobilePhone: '1380000\u00000000', password: DEMO_DIGEST }],
    [
      'the captcha key of a login',
      { mobilePhone: '13800000000', password: DEMO_DIGEST, captchaKey: 'a\u0000', captchaCode: 'x' },
    ],
    ['a key of the body', { 'mobile\u0000Phone': '13800000000', password: DEMO_DIGEST }],
  ])('is refused with 1000 in %s, and changes nothing', async (_where, body) => {
    const before = await t.snapshot();
    const res = await post(login.path, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ responseCode: '1000', responseMsg: NUL_MESSAGE, object: null });
    expect(await t.snapshot()).toEqual(before);
  });

  it('is refused in a list filter, a path parameter and an export query string', async () => {
    const cookie = await t.login('13800000002');
    expect(
      (await post(queryAgentInfoPage.path, { agentName: '鹏\u0000城' }, { cookie })).json(),
    ).toMatchObject({
      responseCode: '1000',
      responseMsg: NUL_MESSAGE,
    });
    const inPath = await post('/api/userBase/isExistMobilePhone/1380000000%00', {});
    expect(inPath.json()).toMatchObject({ responseCode: '1000', responseMsg: NUL_MESSAGE });
    const inQuery = await t.inject({
      method: 'GET',
      url: '/api/agent/exportAgentInfoPage?agentName=%00',
      headers: { cookie },
    });
    expect(inQuery.json()).toMatchObject({ responseCode: '1000', responseMsg: NUL_MESSAGE });
  });
});

describe('ids beyond what a record can have', () => {
  it('are refused as parameters (1000), in a body and in a path', async () => {
    const operator = await t.login('13800000000');
    const before = await t.snapshot();
    const approve = await t.callUnchecked(approveRealName, { id: 2 ** 31 }, { cookie: operator });
    expect(approve).toMatchObject({ responseCode: '1000', responseMsg: '编号不存在' });
    const del = await post(`/api/agent/deleteAgent/${2 ** 31}`, {}, { cookie: operator });
    expect(del.json()).toMatchObject({ responseCode: '1000' });
    const huge = await post('/api/agent/deleteAgent/99999999999999999999999', {}, { cookie: operator });
    expect(huge.json()).toMatchObject({ responseCode: '1000' });
    expect(await t.snapshot()).toEqual(before);
    expect(deleteAgent.path).toContain(':id');
  });
});

describe('the router’s own refusals', () => {
  it('answers an over-long path parameter with the envelope (HTTP 414)', async () => {
    const res = await post(`/api/agent/query/${'1'.repeat(200)}`, {});
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ responseCode: '1000', responseMsg: '请求参数过长', object: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an undecodable URL with the envelope (HTTP 400)', async () => {
    const res = await post('/api/agent/query/%E0%A4%A', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ responseCode: '1000', responseMsg: '请求地址无效', object: null });
  });
});

describe('the origin check', () => {
  const body = { mobilePhone: '13800000000', password: DEMO_DIGEST };

  it('cannot be skipped by a percent-encoded path', async () => {
    const res = await post('/%61pi/user/login', body, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ responseCode: 'R9998' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('compares the whole origin: another scheme on the same host is foreign', async () => {
    const res = await post(login.path, body, { origin: 'https://localhost:80', host: 'localhost:80' });
    expect(res.json()).toMatchObject({ responseCode: 'R9998' });
    const same = await post(login.path, body, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(same.json()).toMatchObject({ responseCode: '0000' });
  });

  it('marks every API reply no-store, whatever the path looks like', async () => {
    const res = await post('/%61pi/userBase/isLogin', {});
    expect(res.json()).toMatchObject({ responseCode: '0000' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
