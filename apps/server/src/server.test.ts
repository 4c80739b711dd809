import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { customSiteInfo, login, updateSiteInfo } from '@agent-console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DIGEST } from '../test/build-test-app';
import { freePort, type SpawnedServer, spawnServer } from '../test/spawn-server';

const dataDir = mkdtempSync(join(tmpdir(), 'ac-server-'));
const lockFile = join(dataDir, 'agent-console.lock');
const started: SpawnedServer[] = [];

const post = async (server: SpawnedServer, path: string, body: unknown, cookie?: string) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    json: (await res.json()) as { responseCode: string; object: unknown },
    setCookie: res.headers.get('set-cookie'),
  };
};

const start = async () => {
  const server = spawnServer(dataDir, await freePort());
  started.push(server);
  return server;
};

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('src/server.ts', () => {
  let first: SpawnedServer;

  it('starts on PGlite, seeds the demo world and holds the data folder lock', async () => {
    first = await start();
    await first.ready();
    expect(first.output()).toContain('13800000005');
    expect(Number(readFileSync(lockFile, 'utf8'))).toBeGreaterThan(0);
    const res = await post(first, login.path, { mobilePhone: '13800000000', password: DEMO_DIGEST });
    expect(res.json.responseCode).toBe('0000');
  }, 90_000);

  it('refuses a second process on the same folder: exit code 1, the folder and the holder named', async () => {
    const holder = readFileSync(lockFile, 'utf8').trim();
    const second = await start();
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`数据目录 ${dataDir} 已被进程 ${holder} 占用`);
    expect(second.output()).toContain(`Data directory ${dataDir} is in use by process ${holder}`);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(holder);
  }, 90_000);

  it('on SIGTERM checkpoints, closes the database, releases the lock and exits 0', async () => {
    const { setCookie } = await post(first, login.path, {
      mobilePhone: '13800000000',
      password: DEMO_DIGEST,
    });
    const cookie = setCookie?.split(';')[0];
    const saved = await post(first, updateSiteInfo.path, { name: '持久化检查' }, cookie);
    expect(saved.json.responseCode).toBe('0000');

    first.child.kill('SIGTERM');
    const { code } = await first.exited;
    expect(code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 90_000);

  it('keeps the data across a restart and does not seed twice', async () => {
    const again = await start();
    await again.ready();
    const info = await post(again, customSiteInfo.path, {});
    expect(info.json.object).toEqual({ logo: null, name: '持久化检查' });
    const res = await post(again, login.path, { mobilePhone: '13800000000', password: DEMO_DIGEST });
    expect(res.json.object).toEqual({ userId: 10000, agentId: 1 });

    again.child.kill('SIGINT');
    expect((await again.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 90_000);
});
