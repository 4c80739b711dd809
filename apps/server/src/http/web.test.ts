import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './envelope';
import { registerErrorHandler } from './error-handler';
import { jsonForHtml, pageEncoding, registerWeb } from './web';

const dist = mkdtempSync(join(tmpdir(), 'ac-web-'));
let built: FastifyInstance;
let missing: FastifyInstance;

const INDEX_HTML = '<!doctype html><body><div id="root"></div></body>';
/** The page as sent without an app behind it: the boot answers know only that nobody is signed in. */
const PAGE =
  '<!doctype html><body><div id="root"></div><script type="application/json" id="boot">{"/api/userBase/isLogin":false}</script></body>';
const SCRIPT = `export const rows = [${'"代理商后台", '.repeat(200)}];`;

/** Writes a file with the brotli and gzip copies the web build puts beside it. */
function writeCompressed(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeCompressed(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  writeCompressed(join(dist, 'assets', 'list-8c2d4e.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  built = Fastify();
  registerErrorHandler(built);
  await registerWeb(built, dist);
  missing = Fastify();
  registerErrorHandler(missing);
  await registerWeb(missing, join(dist, 'nowhere'));
});

afterAll(async () => {
  await built.close();
  await missing.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET / (built console)', () => {
  it('serves the page (index.html with its boot answers) without caching', async () => {
    const res = await built.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await built.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files without a long cache', async () => {
    const res = await built.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers console routes with index.html (SPA fallback)', async () => {
    for (const url of ['/agent-mgt', '/APP-summary-stats?x=1', '/redirect/user-center']) {
      const res = await built.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PAGE);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await built.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers unknown /api paths with the 1004 envelope, not index.html', async () => {
    const res = await built.inject({ method: 'GET', url: '/api/whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ responseCode: '1004' });
  });

  it('answers a path the static files refuse (`//`) with a plain 404, not an API envelope', async () => {
    for (const url of ['//', '//agent-mgt', '/assets//index-3f9a1c.js']) {
      const res = await built.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(res.body, url).toBe('Not Found');
    }
  });

  it('does not serve files outside the build folder', async () => {
    const res = await built.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
  });
});

describe('GET / (precompressed files)', () => {
  const script = '/assets/list-8c2d4e.js';
  const get = (url: string, acceptEncoding?: string) =>
    built.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy when the browser accepts br', async () => {
    const res = await get(script, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when the browser accepts gzip but not br', async () => {
    const res = await get(script, 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const res = await get(script, acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('honours q-values: gzip preferred over br', async () => {
    const res = await get(script, 'br;q=0.5, gzip;q=1');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends a file with no compressed copy as it is', async () => {
    const res = await get('/assets/index-3f9a1c.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the page compressed as it is made, never cached, at / and as the SPA fallback', async () => {
    for (const url of ['/', '/index.html', '/agent-mgt', '/redirect/user-center?x=1']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    }
    const gzipped = await get('/agent-mgt', 'gzip;q=1, br;q=0.5');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(PAGE);
    const plain = await get('/agent-mgt');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  it("chooses the page's encoding by the Accept-Encoding and its q-values", () => {
    expect(pageEncoding(undefined)).toBeUndefined();
    expect(pageEncoding('identity, deflate')).toBeUndefined();
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pageEncoding('BR ; q=1, gzip;q=0.2')).toBe('br');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pageEncoding('br;q=abc')).toBeUndefined();
  });

  it('writes JSON that a script data block holds as it is', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- a & b >' };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('still answers a missing asset with 404 and unknown /api paths with 1004', async () => {
    const asset = await get('/assets/gone-123.js', 'gzip, deflate, br');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-encoding']).toBeUndefined();
    const api = await get('/api/whatever', 'gzip, deflate, br');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json()).toMatchObject({ responseCode: '1004' });
  });
});

describe('GET / (console not built)', () => {
  it('answers a page saying to run npm run build', async () => {
    const res = await missing.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('npm run build');
    expect(res.body).toContain('请在仓库根目录运行');
  });
});

describe('GET / (boot answers past their deadline)', () => {
  it('sends the page with the answers that came in time, and the console asks for the others', async () => {
    const slow = Fastify();
    registerErrorHandler(slow);
    slow.post('/api/userBase/isLogin', async () => ok(true));
    slow.post('/api/task/queryUnFinishedTask', async () => ok([]));
    slow.post('/api/agent/query', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return ok({ id: 1 });
    });
    await registerWeb(slow, dist, { bootWaitMs: 150 });
    try {
      const t0 = performance.now();
      const res = await slow.inject({ method: 'GET', url: '/', headers: { cookie: 'ac_sid=x' } });
      expect(performance.now() - t0).toBeLessThan(900);
      const answers = JSON.parse(/id="boot">(.*)<\/script>/.exec(res.body)?.[1] ?? 'null');
      expect(answers).toEqual({ '/api/userBase/isLogin': true, '/api/task/queryUnFinishedTask': [] });
    } finally {
      await slow.close();
    }
  });
});
