import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { registerWeb } from './web';

const dist = mkdtempSync(join(tmpdir(), 'ac-web-'));
let built: FastifyInstance;
let missing: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
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
  it('serves index.html without caching', async () => {
    const res = await built.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
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
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
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

  it('does not serve files outside the build folder', async () => {
    const res = await built.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
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
