import { customSiteInfo, queryAgentInfo } from './agent';
import { isLogin } from './auth';
import { homeIndex } from './summary-stats';
import { queryUnfinishedTask } from './task';

/*
 * The boot answers: the server puts into the console's page (index.html, for any path of the
 * console) the answers of the calls its first screen makes before it can draw anything — the site
 * info, the login state and, signed in, the agent info, the unfinished tasks and on the workbench
 * its totals — so that a cold load does not wait for those calls behind the scripts. Each answer
 * is the `object` of its call, exactly as the call answers it, keyed by the call's path.
 * docs/architecture.md#boot-answers.
 */

/** The id of the page's JSON data block (`<script type="application/json">`) that holds them. */
export const BOOT_ELEMENT_ID = 'boot';

/** The answers of a page: a call's path → the `object` of its answer. Calls that failed are absent. */
export type BootAnswers = Readonly<Record<string, unknown>>;

/** For every visitor. */
export const BOOT_PUBLIC_CALLS = [customSiteInfo, isLogin] as const;

/** For a signed-in visitor, on every page of the console. */
export const BOOT_SESSION_CALLS = [queryAgentInfo, queryUnfinishedTask] as const;

/** For a signed-in visitor, on one page: the workbench's totals on `/`. */
export const BOOT_PAGE_CALLS: Readonly<Record<string, readonly { path: string }[]>> = {
  '/': [homeIndex],
};

/*
 * The first screen drawn by the server: on the pages below, for a signed-in visitor, the server
 * renders the console's first screen (the layout and the screen, with the boot answers' data)
 * into the page's root element, with its styles, so the browser paints it before the scripts
 * run; the console then draws itself in its place once its route is ready. The render is the
 * console's own (apps/web/src/first-screen.tsx, built for the server beside the console).
 * docs/architecture.md#the-first-screen-drawn-by-the-server.
 */

/** The pages whose first screen the server draws. */
export const FIRST_SCREEN_PATHS: readonly string[] = ['/'];

/** The attribute of the root element while it holds the server's drawing of the first screen. */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** What the server gives the render: the page's path, its boot answers, cookies and build manifest. */
export interface FirstScreenInput {
  path: string;
  answers: BootAnswers;
  /** The page request's Cookie header (the sidebar's flag), '' without one. */
  cookie: string;
  /** The console build's manifest (`.vite/manifest.json`): the stylesheets the screen's chunks load. */
  manifest: unknown;
}

/**
 * The first screen as HTML: `styles` goes before the root element, `html` inside it, which gets
 * the class `rootClass` and the attribute FIRST_SCREEN_ATTRIBUTE (the console removes it once it
 * has taken the drawing over).
 */
export interface FirstScreen {
  styles: string;
  rootClass: string;
  html: string;
}

/** The render: null when it does not draw that page (not signed in, another path). */
export type RenderFirstScreen = (input: FirstScreenInput) => Promise<FirstScreen | null>;

/**
 * The links of a page of FIRST_SCREEN_PATHS, known before its render: the screen's stylesheets,
 * fetched at once (the server puts them in the head), and its scripts' module preloads (after the
 * drawing, with the page's own scripts). Each is a string of `<link>` tags.
 */
export interface FirstScreenLinks {
  stylesheets: string;
  scripts: string;
}

/**
 * What the server build exports: the render; the links of a page it draws (null for another
 * path); and a warm-up, a render the server makes once as it starts and throws away, so that the
 * first page it draws does not pay for the render's code and styles being cold.
 */
export interface FirstScreenModule {
  renderFirstScreen: RenderFirstScreen;
  firstScreenLinks: (path: string, manifest: unknown) => FirstScreenLinks | null;
  /** Answers the number of screens it drew. */
  warmUp: (manifest: unknown) => Promise<number>;
}

/** The server bundle's file, in the folder the console's server build is written to. */
export const FIRST_SCREEN_MODULE = 'first-screen.js';
