import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUserRealAuthPersonal, login, uploadIdPhoto } from '@agent-console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DIGEST } from '../../../test/build-test-app';
import { freePort, type SpawnedServer, spawnServer, testKeyFile } from '../../../test/spawn-server';
import { demoIdNumber, demoPng } from '../../demo/seed-onboarding';

/** The real server (`npm start`) at LOG_LEVEL=info: identities never reach the log. */
const dataDir = mkdtempSync(join(tmpdir(), 'ac-i3-log-'));
let server: SpawnedServer | null = null;

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(testKeyFile(dataDir), { force: true });
});

const post = async (path: string, body: unknown, cookie?: string) => {
  const res = await fetch(`${server?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { json: (await res.json()) as { responseCode: string }, setCookie: res.headers.get('set-cookie') };
};

describe('identity data and the server log', () => {
  it('makes the key file (mode 600) outside DATA_DIR and private uploads, and logs no name, ID number or photo', async () => {
    server = spawnServer(dataDir, await freePort());
    await server.ready();
    expect(statSync(testKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);

    const res = await post(login.path, { mobilePhone: '13800000003', password: DEMO_DIGEST });
    const cookie = /ac_sid=[^;]+/.exec(res.setCookie ?? '')?.[0] ?? '';
    const photo = `data:image/png;base64,${demoPng([200, 10, 10]).toString('base64')}`;
    const uploaded = await post(
      uploadIdPhoto.path,
      { kind: 'front', fileName: 'front.png', dataUrl: photo },
      cookie,
    );
    expect(uploaded.json.responseCode).toBe('0000');
    const idNo = demoIdNumber(777);
    const refused = await post(
      addUserRealAuthPersonal.path,
      { realName: '司马相如', idNo, idFaceFront: 'a', idFaceBack: 'b', idFaceHold: 'c', smsCode: '123456' },
      cookie,
    );
    expect(refused.json.responseCode).toBe('1000');

    const uploads = readdirSync(join(dataDir, 'private', 'uploads'));
    expect(uploads.length).toBeGreaterThan(0);
    // The log reaches us through a pipe: wait for the last request's line.
    for (let i = 0; i < 50 && !server.output().includes('/api/realAuth/addUserRealAuthPersonal'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const out = server.output();
    expect(out).toContain('/api/realAuth/addUserRealAuthPersonal');
    expect(out).not.toContain('司马相如');
    expect(out).not.toContain(idNo);
    expect(out).not.toContain(photo.slice(22, 80));
    expect(out).not.toContain(DEMO_DIGEST);
  }, 90_000);
});
