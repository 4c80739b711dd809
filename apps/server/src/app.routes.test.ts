import { customSiteInfo, isLogin, login, queryUserInfo } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_DIGEST, useTestApp } from '../test/build-test-app';

const t = useTestApp({ env: { COOKIE_SECURE: 'true', ALLOWED_ORIGINS: 'http://localhost:5173' } });

const loginBody = JSON.stringify({ mobilePhone: '13800000000', password: DEMO_DIGEST });

describe('API requests', () => {
  it.each([
    ['text/plain', loginBody],
    ['application/x-www-form-urlencoded', 'mobilePhone=13800000000&password=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
    ['application/jsonp', loginBody],
  ])('refuses a %s body with 1001 (HTTP 415) and changes nothing', async (contentType, payload) => {
    const before = await t.snapshot();
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      responseCode: '1001',
      responseMsg: '仅支持 application/json 请求',
      object: null,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a body without a content type with 1001', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/userBase/isLogin', payload: '{}' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ responseCode: '1001' });
  });

  it('accepts application/json with a charset', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: loginBody,
    });
    expect(res.json()).toMatchObject({ responseCode: '0000' });
  });

  it.each([
    ['malformed JSON', '{"mobilePhone": '],
    ['an empty body', ''],
    ['a __proto__ key', '{"__proto__": {"admin": true}}'],
  ])('refuses %s with 1000 and changes nothing', async (_name, payload) => {
    const before = await t.snapshot();
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.json()).toMatchObject({ responseCode: '1000', object: null });
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a body over 1 MB with HTTP 413', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobilePhone: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ responseCode: '1000', responseMsg: '请求内容过大' });
  });

  it('answers an unknown API path with 1004 (HTTP 404)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ responseCode: '1004', responseMsg: '请求的资源不存在', object: null });
  });

  it('answers GET on a POST-only call with 1004', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/userBase/isLogin' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ responseCode: '1004' });
  });

  it('silently refuses a call from a foreign origin with R9998 and changes nothing', async () => {
    const before = await t.snapshot();
    const res = await t.call(
      login,
      { mobilePhone: '13800000000', password: DEMO_DIGEST },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.http.statusCode).toBe(403);
    expect(res).toMatchObject({ responseCode: 'R9998', object: null });
    expect(res.http.setCookie).toBeUndefined();
    expect(await t.snapshot()).toEqual(before);
  });

  it('accepts its own origin and the configured extra origins', async () => {
    const own = await t.call(
      isLogin,
      {},
      { headers: { origin: 'http://localhost:80', host: 'localhost:80' } },
    );
    expect(own.responseCode).toBe('0000');
    const dev = await t.call(isLogin, {}, { headers: { origin: 'http://localhost:5173' } });
    expect(dev.responseCode).toBe('0000');
  });

  it('marks API replies as not to be stored', async () => {
    const res = await t.call(isLogin, {});
    expect(res.http.headers['cache-control']).toBe('no-store');
  });

  it('marks the session cookie Secure when COOKIE_SECURE is on', async () => {
    const res = await t.call(login, { mobilePhone: '13800000000', password: DEMO_DIGEST });
    expect(res.http.setCookie).toContain('Secure');
  });

  it('answers an unexpected failure with 9999 (HTTP 500) and nothing of the error', async () => {
    await t.rows(sql`alter table site_settings rename to site_settings_away`);
    try {
      const res = await t.inject({
        method: 'POST',
        url: customSiteInfo.path,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ responseCode: '9999', responseMsg: '系统繁忙，请稍后再试', object: null });
      expect(res.body).not.toContain('site_settings');
    } finally {
      await t.rows(sql`alter table site_settings_away rename to site_settings`);
    }
  });

  it('checks the session before the body on calls that need one', async () => {
    const res = await t.callUnchecked(queryUserInfo, 'not an object');
    expect(res.responseCode).toBe('9996');
  });
});
