import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { customSiteInfo, login, updateSiteInfo } from '@agent-console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DIGEST } from '../test/build-test-app';
import { freePort, type SpawnedServer, spawnServer, testKeyFile } from '../test/spawn-server';

const dataDir = mkdtempSync(join(tmpdir(), 'ac-server-'));
const lockFile = join(dataDir, 'agent-console.lock');
const keyFile = testKeyFile(dataDir);
const otherKeyFile = `${dataDir}.other.key`;
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

const start = async (env: Record<string, string> = {}) => {
  const server = spawnServer(dataDir, await freePort(), env);
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
  for (const file of [keyFile, otherKeyFile]) rmSync(file, { force: true });
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
    // Issue 8: the data key is made outside the data folder (a copy of the folder carries no key).
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    expect(first.output()).toContain(`Created a new data key in ${keyFile}`);
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

  it('refuses to start with another data key than the database was written with: exit 1, the key named', async () => {
    const wrong = await start({ DATA_KEY_FILE: otherKeyFile });
    const { code } = await wrong.exited;
    expect(code).toBe(1);
    expect(wrong.output()).toContain(
      `The data key (${otherKeyFile}) is not the key this database was written with`,
    );
    expect(existsSync(lockFile)).toBe(false);
  }, 90_000);

  it('moves a key an earlier version kept in the data folder out of it, and reads the data with it', async () => {
    renameSync(keyFile, join(dataDir, 'secret.key')); // where versions before issue 8 kept it
    const upgraded = await start();
    await upgraded.ready();
    expect(upgraded.output()).toContain(
      `Moved the data key from ${join(dataDir, 'secret.key')} to ${keyFile}`,
    );
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const res = await post(upgraded, login.path, { mobilePhone: '13800000000', password: DEMO_DIGEST });
    expect(res.json.responseCode).toBe('0000');
    upgraded.child.kill('SIGTERM');
    expect((await upgraded.exited).code).toBe(0);
  }, 90_000);
});
