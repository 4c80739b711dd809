import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BOOT_ELEMENT_ID,
  customSiteInfo,
  homeIndex,
  isLogin,
  queryAgentInfo,
  queryUnfinishedTask,
  updateSiteInfo,
} from '@agent-console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { DEMO_LOGINS } from '../demo/demo-world';

/**
 * The console's page with its boot answers (web.ts `sendPage`, contract boot.ts): each answer is
 * the call's own, for the visitor of the page; nothing personal without a session; never cached.
 */

const dist = mkdtempSync(join(tmpdir(), 'ac-boot-'));
const TEMPLATE =
  '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
writeFileSync(join(dist, 'index.html'), TEMPLATE);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ env: { WEB_DIST: dist } });

const BOOT = new RegExp(
  `<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script></body></html>$`,
);

async function page(url: string, cookie?: string) {
  const res = await t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(
    res.body.startsWith('<!doctype html><html><head><title>t</title></head><body><div id="root"></div>'),
  ).toBe(true);
  const match = BOOT.exec(res.body);
  if (!match?.[1]) throw new Error(`no boot answers in ${res.body}`);
  return { res, answers: JSON.parse(match[1]) as Record<string, unknown> };
}

/** The `object` a call answers now, as the console would get it. */
async function answerOf(path: string, cookie: string) {
  const res = await t.inject({
    method: 'POST',
    url: path,
    headers: { cookie, 'content-type': 'application/json' },
    payload: '{}',
  });
  return res.json<{ object: unknown }>().object;
}

describe('the page of a visitor without a session', () => {
  it('holds the site info and "not logged in", and nothing else', async () => {
    for (const url of ['/', '/login', '/agent-mgt', '/index.html']) {
      const { answers } = await page(url);
      expect(Object.keys(answers).sort()).toEqual([customSiteInfo.path, isLogin.path].sort());
      expect(answers[isLogin.path]).toBe(false);
      expect(answers[customSiteInfo.path]).toEqual((await t.call(customSiteInfo, {})).object);
    }
  });

  it('answers "not logged in" for a dead session cookie, and clears it', async () => {
    const { res, answers } = await page('/', 'ac_sid=not-a-session');
    expect(answers[isLogin.path]).toBe(false);
    expect(answers[queryAgentInfo.path]).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/^ac_sid=;/);
  });
});

describe('the page of a signed-in agent', () => {
  it("holds the agent's own answers on every page, and the workbench's totals on / only", async () => {
    for (const phone of DEMO_LOGINS) {
      const cookie = await t.login(phone);
      const home = await page('/', cookie);
      expect(home.answers[isLogin.path]).toBe(true);
      for (const path of [customSiteInfo.path, queryAgentInfo.path, queryUnfinishedTask.path, homeIndex.path])
        expect(home.answers[path], `${phone} ${path}`).toEqual(await answerOf(path, cookie));
      const index = homeIndex.object.parse(home.answers[homeIndex.path]);
      const agent = queryAgentInfo.object.parse(home.answers[queryAgentInfo.path]);
      expect(index.appTotalStatsData === null).toBe(!agent.xuanhaoApp);

      const list = await page('/agent-mgt?x=1', cookie);
      expect(list.answers[queryAgentInfo.path]).toEqual(home.answers[queryAgentInfo.path]);
      expect(list.answers[homeIndex.path]).toBeUndefined();
    }
  });

  it('escapes what would end the data block', async () => {
    // A site name the operator typed with markup in it: the page holds it as data, not as HTML.
    const name = '</script><!--&>';
    const cookie = await t.login(DEMO_LOGINS[0] ?? '');
    expect((await t.call(updateSiteInfo, { name }, { cookie })).responseCode).toBe('0000');
    const { res, answers } = await page('/', cookie);
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toContain('<!--');
    expect(answers[customSiteInfo.path]).toMatchObject({ name });
  });
});
