import { customSiteInfo, LOGO_MAX_BYTES, updateSiteInfo } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { START_TIME, useTestApp } from '../../../test/build-test-app';

const t = useTestApp();

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JFIF JPEG. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const LOGO_URL = `/api/agent/site-logo?v=${START_TIME.getTime()}`;

const operator = () => t.login('13800000000');

describe('POST /api/agent/custom-site-info', () => {
  it('answers null name and logo before anything is configured, without a session', async () => {
    const res = await t.call(customSiteInfo, {});
    expect(res).toMatchObject({ responseCode: '0000', object: { logo: null, name: null } });
  });

  it('returns the saved name and a versioned logo URL', async () => {
    await t.call(
      updateSiteInfo,
      { name: '星途代理平台', logo: dataUrl('image/png', PNG) },
      { cookie: await operator() },
    );
    const res = await t.call(customSiteInfo, {});
    expect(res.object).toEqual({ name: '星途代理平台', logo: LOGO_URL });
  });
});

describe('POST /api/setting/updateSiteInfo', () => {
  it('saves the name (trimmed) and a PNG logo checked by content', async () => {
    const res = await t.call(
      updateSiteInfo,
      { name: '  星途代理平台 ', logo: dataUrl('image/png', PNG) },
      { cookie: await operator() },
    );
    expect(res).toMatchObject({ responseCode: '0000', object: { name: '星途代理平台', logo: LOGO_URL } });
    const image = await t.inject({ method: 'GET', url: LOGO_URL });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves the logo by its content type, whatever the data URL declared', async () => {
    await t.call(
      updateSiteInfo,
      { name: '星途', logo: dataUrl('image/png', JPEG) },
      { cookie: await operator() },
    );
    const image = await t.inject({ method: 'GET', url: LOGO_URL });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('does not let browsers keep a logo fetched without the current version', async () => {
    await t.call(
      updateSiteInfo,
      { name: '星途', logo: dataUrl('image/png', PNG) },
      { cookie: await operator() },
    );
    const stale = await t.inject({ method: 'GET', url: '/api/agent/site-logo?v=1' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the logo when the field is absent and removes it for null', async () => {
    const cookie = await operator();
    await t.call(updateSiteInfo, { name: '星途', logo: dataUrl('image/png', PNG) }, { cookie });
    t.clock.advance(60_000);
    const kept = await t.call(updateSiteInfo, { name: '星途二号' }, { cookie });
    expect(kept.object).toEqual({ name: '星途二号', logo: LOGO_URL });

    const removed = await t.call(updateSiteInfo, { name: '星途二号', logo: null }, { cookie });
    expect(removed.object).toEqual({ name: '星途二号', logo: null });
    const image = await t.inject({ method: 'GET', url: LOGO_URL });
    expect(image.statusCode).toBe(404);
    expect(image.json()).toMatchObject({ responseCode: '1004', object: null });
  });

  it.each([
    [
      'an HTML file named .png',
      dataUrl('image/png', Buffer.from('<html><script>alert(1)</script></html>')),
      'PNG、JPG',
    ],
    ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00')), 'PNG、JPG'],
    [
      'an SVG',
      dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      'PNG、JPG',
    ],
    ['text that is not a data URL', 'https://example.com/logo.png', '格式不正确'],
    ['broken base64', 'data:image/png;base64,@@@', 'PNG、JPG'],
    [
      'a PNG over 512 KB',
      dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)])),
      '512KB',
    ],
  ])('refuses %s with 1000 and changes nothing', async (_name, logo, message) => {
    const cookie = await operator();
    const before = await t.snapshot();
    const res = await t.call(updateSiteInfo, { name: '星途', logo }, { cookie });
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    ['an empty name', { name: '  ' }, '请输入站点名称'],
    ['a missing name', {}, 'name'],
    ['a name over 20 characters', { name: '星'.repeat(21) }, '站点名称最多20个字'],
    ['a number for the name', { name: 42 }, 'name'],
    ['an unknown field', { name: '星途', color: 'red' }, 'color'],
    ['a number for the logo', { name: '星途', logo: 7 }, 'logo'],
  ])('refuses %s with 1000 and changes nothing', async (_name, body, message) => {
    const cookie = await operator();
    const before = await t.snapshot();
    const res = await t.callUnchecked(updateSiteInfo, body, { cookie });
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a body over 800 KB with HTTP 413 before reading it', async () => {
    const cookie = await operator();
    const res = await t.callUnchecked(
      updateSiteInfo,
      { name: '星途', logo: 'A'.repeat(900 * 1024) },
      { cookie },
    );
    expect(res.http.statusCode).toBe(413);
    expect(res.responseCode).toBe('1000');
  });

  it('refuses a level 3 agent with 1003 and changes nothing', async () => {
    const cookie = await t.login('13800000003');
    const before = await t.snapshot();
    const res = await t.call(updateSiteInfo, { name: '鹏城' }, { cookie });
    expect(res).toMatchObject({ responseCode: '1003', responseMsg: '无权访问', object: null });
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a level 1 agent with 1003', async () => {
    const res = await t.call(updateSiteInfo, { name: '华夏' }, { cookie: await t.login('13800000001') });
    expect(res.responseCode).toBe('1003');
  });

  it('answers 9996 without a session', async () => {
    expect((await t.call(updateSiteInfo, { name: '星途' })).responseCode).toBe('9996');
  });
});

describe('GET /api/agent/site-logo', () => {
  it('answers 404 with the envelope when no logo is set', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/agent/site-logo' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ responseCode: '1004' });
  });
});
