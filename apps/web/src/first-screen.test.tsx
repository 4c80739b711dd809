// @vitest-environment node
import { queryAgentInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import { FIRST_SCREEN_PATHS, type FirstScreenInput } from '@agent-console/contract/boot';
import { type HomeStats, homeIndex, ZERO_SUMMARY_FIGURES } from '@agent-console/contract/summary-stats';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { describe, expect, it, vi } from 'vitest';
import { tabsStore } from './app/layout/tabs-store';
import build, { firstScreenLinks, renderFirstScreen, scriptsOf, stylesheetsOf, warmUp } from './first-screen';
import { THEME_CLASS } from './lib/theme';
import { agentFixture } from './testing/fetch-stub';

/*
 * The console's first screen as the server draws it (first-screen.tsx, contract boot.ts), run as
 * the server runs it: in Node, without a document.
 */

const stats = (orders: number): HomeStats => {
  const figures = { ...ZERO_SUMMARY_FIGURES, orderCount: orders };
  return { today: figures, yesterday: figures, thisMonth: figures, trend: [] };
};

/** A build's manifest as vite writes it: chunks, the chunks they import, their stylesheets. */
const MANIFEST = {
  'index.html': { file: 'assets/index.js', css: ['assets/base.css'], imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/shell/antd-shell.tsx': { file: 'assets/antd-shell.js', imports: ['_shared.js', '_react.js'] },
  'src/app/layout/app-layout.tsx': {
    file: 'assets/app-layout.js',
    css: ['assets/layout.css'],
    imports: ['_shared.js'],
  },
  'src/app/routes/workbench/workbench.tsx': { file: 'assets/workbench.js', css: ['assets/workbench.css'] },
  'src/features/workbench/components/workbench-list-card.tsx': {
    file: 'assets/list-card.js',
    css: ['assets/list-card.css'],
  },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
};

const signedIn = (agent = agentFixture()): FirstScreenInput['answers'] => ({
  [isLogin.path]: true,
  [queryAgentInfo.path]: agent,
  [queryUnfinishedTask.path]: [],
  [homeIndex.path]: {
    totalStatsData: stats(4321),
    updateTime: '2026-03-02 10:00:00',
    webTotalStatsData: stats(20),
    appTotalStatsData: agent.xuanhaoApp ? stats(7) : null,
  },
});

const draw = (answers: FirstScreenInput['answers'], more: Partial<FirstScreenInput> = {}) =>
  renderFirstScreen({ path: '/', answers, cookie: '', manifest: MANIFEST, ...more });

/** The text of the workbench totals card of `kind`, today's orders. */
const todaysOrders = (html: string, kind: string) =>
  new RegExp(
    `data-testid="home-stats-${kind}".*?data-measure="orders".*?data-period="today"[^>]*>(?:<[^>]+>)*([^<]+)`,
  ).exec(html)?.[1];

describe('the first screen drawn by the server', () => {
  it('draws the layout and the workbench with the totals the page brings, nothing fetched', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('the first screen asks nothing')));
    vi.stubGlobal('fetch', fetch);
    const screen = await draw(signedIn());
    expect(fetch).not.toHaveBeenCalled();
    if (!screen) throw new Error('no first screen');
    expect(screen.rootClass).toBe(THEME_CLASS);
    expect(todaysOrders(screen.html, 'all')).toBe('4,321');
    expect(todaysOrders(screen.html, 'web')).toBe('20');
    expect(screen.html).not.toContain('data-testid="home-stats-app"'); // no xuanhaoApp
    expect(screen.html).toContain('鹏城电竞网咖联盟'); // the agent's card
    expect(screen.html).toContain('数据更新于 2026-03-02 10:00:00');
    // The sidebar (open: no cookie says otherwise) and the tab the layout opens for the workbench.
    expect(screen.html).toMatch(/<aside class="[^"]*app-sider[^"]*"/);
    expect(screen.html).not.toContain('ant-layout-sider-collapsed');
    expect(screen.html).toMatch(/class="[^"]*tags-view[^"]*"[\s\S]*工作台/);
    // antd's styles, then the chunks' stylesheets (the entry's again), which win over antd's.
    expect(screen.styles).toMatch(/^<style[^>]*>[\s\S]*\.ant-card/);
    const links = [...screen.styles.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual([
      '/assets/base.css',
      '/assets/shared.css',
      '/assets/layout.css',
      '/assets/workbench.css',
    ]);
    expect(screen.styles.lastIndexOf('<style')).toBeLessThan(screen.styles.indexOf('<link'));
  }, 60_000);

  it("draws the APP totals for an agent who may see them, and the sidebar the agent's cookie folded", async () => {
    const screen = await draw(signedIn(agentFixture({ xuanhaoApp: true })), {
      cookie: 'a=1; sidebarStatus=0',
    });
    expect(todaysOrders(screen?.html ?? '', 'app')).toBe('7');
    expect(screen?.html).toContain('ant-layout-sider-collapsed');
  }, 60_000);

  it('leaves nothing behind for the next render (tabs, cookies)', async () => {
    await draw(signedIn(), { cookie: 'sidebarStatus=0' });
    expect(tabsStore.get().tabs).toEqual([]);
    const next = await draw(signedIn());
    expect(next?.html).not.toContain('ant-layout-sider-collapsed');
  }, 60_000);

  it('draws nothing for a visitor not signed in, or on a page it does not draw', async () => {
    expect(await draw({ [isLogin.path]: false })).toBeNull();
    expect(await draw({ ...signedIn(), [queryAgentInfo.path]: undefined })).toBeNull();
    expect(
      await renderFirstScreen({ path: '/agent-mgt', answers: signedIn(), cookie: '', manifest: MANIFEST }),
    ).toBeNull();
  });

  it('warms up by drawing every screen it draws for a stand-in, fetching nothing and leaving nothing behind', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('the warm-up asks nothing')));
    vi.stubGlobal('fetch', fetch);
    expect(await warmUp(MANIFEST)).toBe(FIRST_SCREEN_PATHS.length);
    expect(fetch).not.toHaveBeenCalled();
    expect(tabsStore.get().tabs).toEqual([]);
    await expect(warmUp({})).rejects.toThrow(/is not in the build's manifest/);
  }, 60_000);

  it('fails on a build whose manifest lacks a chunk it draws with', async () => {
    const { 'src/app/layout/app-layout.tsx': _, ...without } = MANIFEST;
    await expect(draw(signedIn(), { manifest: without })).rejects.toThrow(
      /app-layout.tsx is not in the build's manifest/,
    );
  });
});

describe('the head of a page whose first screen may be drawn', () => {
  it("preloads the screen's scripts (not the entry's) and its stylesheets", () => {
    expect(scriptsOf(MANIFEST, ['src/app/shell/antd-shell.tsx'])).toEqual([
      '/assets/antd-shell.js',
      '/assets/shared.js',
    ]);
    expect(stylesheetsOf(MANIFEST, ['src/app/layout/app-layout.tsx'])).toEqual([
      '/assets/layout.css',
      '/assets/shared.css',
    ]);
    expect(firstScreenLinks('/', MANIFEST)).toEqual({
      scripts: [
        '/assets/antd-shell.js',
        '/assets/shared.js',
        '/assets/app-layout.js',
        '/assets/workbench.js',
        '/assets/list-card.js',
      ]
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join(''),
      stylesheets: ['/assets/shared.css', '/assets/layout.css', '/assets/workbench.css']
        .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`)
        .join(''),
    });
    expect(firstScreenLinks('/agent-mgt', MANIFEST)).toBeNull();
  });

  it('is what the build exports, with the render', () => {
    expect(build).toEqual({ renderFirstScreen, firstScreenLinks, warmUp });
  });
});
