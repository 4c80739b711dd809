import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOT_ELEMENT_ID, FIRST_SCREEN_MODULE, homeIndex, isLogin } from '@agent-console/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { DEMO_LOGINS } from '../demo/demo-world';

/**
 * The first screen the console's server build draws into the page (web.ts `drawFirstScreen`,
 * contract boot.ts): given the page's own boot answers, put in the root element with its styles
 * before it; left out, the page whole, when the build does not draw or fails. The build here is a
 * stand-in module that writes what it was given (the real one: apps/web/src/first-screen.test.tsx
 * and the browser tests).
 */

const dist = mkdtempSync(join(tmpdir(), 'ac-first-'));
const HEAD_SCRIPTS =
  '\n<script type="module" crossorigin src="/assets/a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/b.js">';
const TEMPLATE = `<!doctype html><html><head><title>t</title>${HEAD_SCRIPTS}<link rel="stylesheet" href="/assets/a.css"></head><body><div id="root"></div><p>after</p></body></html>`;
writeFileSync(join(dist, 'index.html'), TEMPLATE);
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/x.tsx":{"file":"assets/x.js"}}');
// WEB_SSR_DIST's default: beside WEB_DIST.
mkdirSync(`${dist}-ssr`);
writeFileSync(
  join(`${dist}-ssr`, FIRST_SCREEN_MODULE),
  `export default {
    async renderFirstScreen({ path, answers, cookie, manifest }) {
      if (cookie.includes('draw=none')) return null;
      if (cookie.includes('draw=fail')) throw new Error('the render failed');
      const seen = { path, keys: Object.keys(answers).sort(), cookie, manifest: Object.keys(manifest) };
      return { styles: '<style>.drawn{}</style>', rootClass: 'theme"x', html: '<main>' + JSON.stringify(seen) + '</main>' };
    },
    firstScreenLinks(path, manifest) {
      if (path !== '/') return null;
      return {
        scripts: '<link rel="modulepreload" crossorigin href="/assets/screen.js">',
        stylesheets: '<link rel="preload" as="style" crossorigin href="/assets/screen.css">',
      };
    },
    async warmUp(manifest) {
      globalThis.__warmedUpWith = manifest;
      return 1;
    },
  };`,
);
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-ssr`, { recursive: true, force: true });
});

const t = useTestApp({ env: { WEB_DIST: dist } });

/** The template's head, with `links` before its end and without its scripts when they are moved. */
const headOf = (links: string) =>
  `<!doctype html><html><head><title>t</title>${links === '' ? HEAD_SCRIPTS : ''}<link rel="stylesheet" href="/assets/a.css">${links}</head><body>`;
const MOVED_SCRIPTS =
  '<script type="module" crossorigin src="/assets/a.js"></script><link rel="modulepreload" crossorigin href="/assets/b.js"><link rel="modulepreload" crossorigin href="/assets/screen.js">';

async function page(url: string, cookie?: string, { headLinks = '' } = {}) {
  const res = await t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  const head = headOf(headLinks);
  expect(res.body.slice(0, head.length)).toBe(head);
  const scripts = headLinks === '' ? '' : MOVED_SCRIPTS;
  const BODY = new RegExp(
    `^(.*)<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>${scripts}</body></html>$`,
  );
  const match = BODY.exec(res.body.slice(head.length));
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`not a whole page: ${res.body}`);
  return { before: match[1], answers: JSON.parse(match[2]) as Record<string, unknown> };
}

/** The head's links of a page whose first screen may be drawn: the stylesheet's (the scripts move to the end). */
const SCREEN_HEAD = '<link rel="preload" as="style" crossorigin href="/assets/screen.css">';

describe("the first screen in a signed-in agent's page", () => {
  it('is drawn on / with the answers the page holds, its styles before it', async () => {
    const cookie = `${await t.login(DEMO_LOGINS[0] ?? '')}; sidebarStatus=0`;
    const { before, answers } = await page('/?from=x', cookie, { headLinks: SCREEN_HEAD });
    const drawn =
      /^<style>\.drawn\{\}<\/style><div id="root" data-first-screen class="theme&quot;x"><main>(.*)<\/main><\/div><p>after<\/p>$/.exec(
        before,
      );
    if (!drawn?.[1]) throw new Error(`no first screen in ${before}`);
    expect(JSON.parse(drawn[1])).toEqual({
      path: '/',
      keys: Object.keys(answers).sort(),
      cookie,
      manifest: ['src/x.tsx'],
    });
    expect(answers[homeIndex.path]).toBeDefined();
  });

  it('is left out on a page it does not draw, for a visitor without a session, or when the render gives none', async () => {
    const cookie = await t.login(DEMO_LOGINS[0] ?? '');
    for (const [url, who, headLinks] of [
      ['/agent-mgt', cookie, ''],
      ['/', undefined, ''],
      // A cookie: the head is a first screen's, whether it is drawn or not.
      ['/', 'ac_sid=not-a-session', SCREEN_HEAD],
      ['/', `${cookie}; draw=none`, SCREEN_HEAD],
    ] as const) {
      const { before, answers } = await page(url, who, { headLinks });
      expect(before, `${url} ${who}`).toBe('<div id="root"></div><p>after</p>');
      expect(answers[isLogin.path]).toBe(!(who === undefined || who.startsWith('ac_sid=not')));
    }
  });

  it('is warmed up as the server starts: the build draws once with the manifest', async () => {
    await vi.waitFor(() =>
      expect((globalThis as { __warmedUpWith?: unknown }).__warmedUpWith).toEqual({
        'src/x.tsx': { file: 'assets/x.js' },
      }),
    );
  });

  it('is left out, the page whole, when the render fails', async () => {
    const cookie = await t.login(DEMO_LOGINS[0] ?? '');
    const { before, answers } = await page('/', `${cookie}; draw=fail`, { headLinks: SCREEN_HEAD });
    expect(before).toBe('<div id="root"></div><p>after</p>');
    expect(answers[homeIndex.path]).toBeDefined();
  });
});

describe('a page whose template has no root element where the build puts it', () => {
  it('goes as its template has it', async () => {
    // The same server, another template: the page is read per request.
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><main></main></body></html>',
    );
    try {
      const cookie = await t.login(DEMO_LOGINS[0] ?? '');
      const res = await t.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(res.body).toMatch(
        new RegExp(
          `^<!doctype html><html><head></head><body><main></main><script type="application/json" id="${BOOT_ELEMENT_ID}">.*</script></body></html>$`,
        ),
      );
    } finally {
      writeFileSync(join(dist, 'index.html'), TEMPLATE);
    }
  });
});
