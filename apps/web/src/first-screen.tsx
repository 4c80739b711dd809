import { type AgentInfo, queryAgentInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import type {
  BootAnswers,
  FirstScreen,
  FirstScreenInput,
  FirstScreenLinks,
  FirstScreenModule,
} from '@agent-console/contract/boot';
import {
  type HomeIndex,
  type HomeStats,
  homeIndex,
  ZERO_SUMMARY_FIGURES,
} from '@agent-console/contract/summary-stats';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type DataStrategyFunction,
  StaticRouterProvider,
} from 'react-router';
import { firstTabs, withTabs } from './app/layout/tabs-store';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/router';
import { seedHomeStats } from './features/workbench/api/get-home-stats';
import { bootAnswersOf, seedBootAnswers } from './lib/boot';
import { withRequestCookies } from './lib/cookie';
import { createQueryClient } from './lib/query-client';
import { agentInfoQuery } from './lib/session';
import { THEME_CLASS } from './lib/theme';

/*
 * The console's first screen rendered by the server (contract boot.ts, docs/architecture.md "The
 * first screen drawn by the server"). Built for Node beside the console (`vite build --ssr`); the
 * server calls `renderFirstScreen` for a signed-in visitor's page. It is the console's own render:
 * its routes, layout and screen, with a query cache seeded from the page's boot answers as the
 * browser's is. Nothing is fetched: the routes' loaders do not run (the server asked the calls
 * they would ask), and a card whose answer the page does not bring draws its skeleton.
 */

/**
 * The source modules whose chunks the first screen of a page draws with: the antd shell, the
 * layout and the screen. Their stylesheets are linked before the drawing (the browser would load
 * them with the chunks), and their scripts are preloaded by the page's head, with `later`: what
 * the screen loads as soon as it is drawn in the browser (the workbench's list cards). A module
 * missing from the build's manifest fails the render (the page is then sent without a drawing).
 */
const SCREENS: Readonly<Record<string, { modules: readonly string[]; later: readonly string[] }>> = {
  '/': {
    modules: [
      'src/app/shell/antd-shell.tsx',
      'src/app/layout/app-layout.tsx',
      'src/app/routes/workbench/workbench.tsx',
    ],
    later: ['src/features/workbench/components/workbench-list-card.tsx'],
  },
};

/** The console's entry in the build's manifest: its stylesheet is in the page's head. */
const ENTRY = 'index.html';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The chunks `modules` load with them (theirs and those they import), each once. */
function chunksOf(manifest: unknown, modules: readonly string[]): ManifestChunk[] {
  const chunks = manifest as Record<string, ManifestChunk | undefined>;
  const found = new Map<string, ManifestChunk>();
  const walk = (key: string) => {
    if (found.has(key)) return;
    const chunk = chunks[key];
    if (!chunk) throw new Error(`first-screen: ${key} is not in the build's manifest`);
    found.set(key, chunk);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const module of modules) walk(module);
  return [...found.values()];
}

/** The stylesheets `modules` load with them: their own and those of the chunks they import. */
export const stylesheetsOf = (manifest: unknown, modules: readonly string[]): string[] => [
  ...new Set(chunksOf(manifest, modules).flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`))),
];

/** The scripts `modules` load with them that the console's entry does not (the page's head has those). */
export function scriptsOf(manifest: unknown, modules: readonly string[]): string[] {
  const entry = new Set(chunksOf(manifest, [ENTRY]).map((chunk) => chunk.file));
  return chunksOf(manifest, modules)
    .map((chunk) => chunk.file)
    .filter((file) => !entry.has(file))
    .map((file) => `/${file}`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The links of a page it draws, known before the render (contract FirstScreenLinks): its scripts
 * preloaded as modules, its stylesheets fetched (linked after antd's styles with the drawing,
 * `renderFirstScreen`). The server places them (apps/server/src/http/web.ts).
 */
export function firstScreenLinks(path: string, manifest: unknown): FirstScreenLinks | null {
  const screen = SCREENS[path];
  if (!screen) return null;
  const scripts = scriptsOf(manifest, [...screen.modules, ...screen.later]);
  const stylesheets = stylesheetsOf(manifest, screen.modules);
  return {
    stylesheets: stylesheets
      .map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`)
      .join(''),
    scripts: scripts
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
      .join(''),
  };
}

/**
 * Resolves the matched routes' modules (their lazy parts) without running their loaders: the
 * guard and the screens' loaders ask calls whose answers the page already holds.
 */
const withoutLoaders: DataStrategyFunction = async ({ matches }) => {
  const results = await Promise.all(
    matches.map(async (match) => [match.route.id, await match.resolve(async () => null)] as const),
  );
  return Object.fromEntries(results);
};

/**
 * antd's styles, computed once for every render: they depend on the theme and on the components
 * drawn, not on the agent, and computing them is most of a render's cost. Their text is extracted
 * again only when a render added some (a component no earlier render drew).
 */
const styleCache = createCache();
let extracted: { entries: number; text: string } | undefined;

function antdStyles(): string {
  const entries = styleCache.cache.size;
  if (extracted?.entries !== entries) extracted = { entries, text: extractStyle(styleCache) };
  return extracted.text;
}

export async function renderFirstScreen({
  path,
  answers,
  cookie,
  manifest,
}: FirstScreenInput): Promise<FirstScreen | null> {
  const screen = SCREENS[path];
  // Only a signed-in agent's page: the layout needs the agent info.
  if (!screen || answers[isLogin.path] !== true || answers[queryAgentInfo.path] === undefined) return null;
  const stylesheets = stylesheetsOf(manifest, [ENTRY, ...screen.modules]);

  const queryClient = createQueryClient();
  const from = bootAnswersOf(answers);
  seedBootAnswers(queryClient, from);
  seedHomeStats(queryClient, from);

  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(path, 'http://console.invalid')), {
    dataStrategy: withoutLoaders,
  });
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const agent = queryClient.getQueryData(agentInfoQuery().queryKey);
  if (!agent) return null;
  const tabs = firstTabs(agent, context.location, context.matches);
  const html = withRequestCookies(cookie, () =>
    withTabs(tabs, () =>
      renderToString(
        <StyleProvider cache={styleCache}>
          <AppProvider queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </StyleProvider>,
      ),
    ),
  );
  queryClient.clear();
  return {
    // antd's styles first: in the browser they go before the console's stylesheets (antd's style
    // runtime prepends them to the head), which win where both set a property. The entry's
    // stylesheet, linked in the head before them, is linked again after.
    styles: `${antdStyles()}${stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`).join('')}`,
    // The console's theme class is on <body> once antd is there (antd-provider.tsx): on the root
    // element until then.
    rootClass: THEME_CLASS,
    html,
  };
}

/**
 * The stand-in the warm-up draws: the operator (every menu, the APP card), figures of nothing.
 * Its drawing is thrown away.
 */
const WARM_UP_FIGURES: HomeStats = {
  today: ZERO_SUMMARY_FIGURES,
  yesterday: ZERO_SUMMARY_FIGURES,
  thisMonth: ZERO_SUMMARY_FIGURES,
  trend: [],
};
const WARM_UP_ANSWERS: BootAnswers = {
  [isLogin.path]: true,
  [queryAgentInfo.path]: {
    id: 1,
    userId: 1,
    parentId: 0,
    agentLevel: 0,
    agentName: '预热',
    mobilePhone: '',
    completeMobilePhone: '',
    areaInfo: '[]',
    areaNames: [],
    structuredPid: [],
    structuredChannelOption: '[]',
    hasPriceAddRangeFlag: true,
    isHbpush: true,
    setTopAuthority: true,
    addPricePermission: true,
    xuanhaoApp: true,
    hasMemberFinanceMenu: true,
    setSettleAuthority: true,
    createTime: '2026-01-01 00:00:00',
  } satisfies AgentInfo,
  [queryUnfinishedTask.path]: [],
  [homeIndex.path]: {
    totalStatsData: WARM_UP_FIGURES,
    updateTime: null,
    webTotalStatsData: WARM_UP_FIGURES,
    appTotalStatsData: WARM_UP_FIGURES,
  } satisfies HomeIndex,
};

/**
 * Draws every screen of FIRST_SCREEN_PATHS once for the stand-in and throws the drawing away: the
 * server runs it as it starts, so that its first page is drawn with the screens' modules loaded,
 * antd's styles computed and the code compiled (the first render took 0.4-0.5 s more than the
 * next ones on the 2-core machine). Answers the number of screens drawn.
 */
export async function warmUp(manifest: unknown): Promise<number> {
  let drawn = 0;
  for (const path of Object.keys(SCREENS))
    if (await renderFirstScreen({ path, answers: WARM_UP_ANSWERS, cookie: '', manifest })) drawn++;
  return drawn;
}

/** The contract's shape, checked. */
export default { renderFirstScreen, firstScreenLinks, warmUp } satisfies FirstScreenModule;
