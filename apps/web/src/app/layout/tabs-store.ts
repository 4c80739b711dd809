import type { RoleSubject } from '@agent-console/contract/roles';
import type { Location, UIMatch } from 'react-router';
import { paths } from '../../config/paths';
import { createStore, useStore } from '../../lib/create-store';
import { generateRoutes } from '../menu';
import { currentMeta, type RouteMeta } from '../route-meta';
import { appRoutes, menuGroups } from '../route-table';

/** A visited view in the tab bar. */
export interface ViewTab {
  /** The route path: one tab per path. */
  path: string;
  /** Path plus query, to go back exactly where the view was. */
  fullPath: string;
  title: string;
  shortTitle: string;
  /** Cannot be closed (the workbench). */
  affix: boolean;
  /** Not kept mounted while open. */
  noCache: boolean;
}

export interface TabsState {
  tabs: ViewTab[];
  /** Bumped by "refresh": a cached view whose generation changes is mounted afresh. */
  generations: Record<string, number>;
}

export type TabsAction =
  | { type: 'open'; tab: ViewTab }
  | { type: 'affix'; tabs: ViewTab[] }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' }
  | { type: 'refresh'; path: string };

export const initialTabsState: TabsState = { tabs: [], generations: {} };

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'open': {
      const index = state.tabs.findIndex((t) => t.path === action.tab.path);
      if (index < 0) return { ...state, tabs: [...state.tabs, action.tab] };
      const existing = state.tabs[index];
      if (existing && existing.fullPath === action.tab.fullPath && existing.title === action.tab.title)
        return state;
      const tabs = [...state.tabs];
      tabs[index] = { ...action.tab, affix: existing?.affix === true || action.tab.affix };
      return { ...state, tabs };
    }
    case 'affix': {
      const missing = action.tabs.filter((a) => !state.tabs.some((t) => t.path === a.path));
      if (missing.length === 0) return state;
      return { ...state, tabs: [...missing, ...state.tabs] };
    }
    case 'close': {
      const tabs = state.tabs.filter((t) => t.affix || t.path !== action.path);
      return tabs.length === state.tabs.length ? state : { ...state, tabs };
    }
    case 'closeOthers':
      return { ...state, tabs: state.tabs.filter((t) => t.affix || t.path === action.path) };
    case 'closeAll':
      return { ...state, tabs: state.tabs.filter((t) => t.affix) };
    case 'refresh':
      return {
        ...state,
        generations: { ...state.generations, [action.path]: (state.generations[action.path] ?? 0) + 1 },
      };
  }
}

/**
 * Where to go after closing a tab: nowhere when it was not the active one; otherwise the last
 * remaining tab, or the home page when none is left.
 */
export function targetAfterClose(
  remaining: readonly ViewTab[],
  closedPath: string,
  activePath: string,
): string | null {
  if (closedPath !== activePath) return null;
  return remaining.at(-1)?.fullPath ?? '/';
}

export const tabsStore = createStore<TabsState>(initialTabsState);

export const dispatchTabs = (action: TabsAction): TabsState => {
  tabsStore.set((state) => tabsReducer(state, action));
  return tabsStore.get();
};

export const useTabsState = (): TabsState => useStore(tabsStore);

const toTab = (path: string, fullPath: string, meta: RouteMeta): ViewTab => ({
  path,
  fullPath,
  title: meta.title,
  shortTitle: meta.shortTitle ?? meta.title,
  affix: meta.affix === true,
  noCache: meta.noCache === true,
});

/** The tabs of the affixed routes (the workbench): always open. */
export const affixTabsAction = (routes: ReturnType<typeof generateRoutes>): TabsAction => ({
  type: 'affix',
  tabs: routes.filter((r) => r.load && r.meta.affix).map((r) => toTab(r.path, r.path, r.meta)),
});

/** The tab of the screen at `pathname` (none for a redirect's passage, or a path without meta). */
export const openTabAction = (
  pathname: string,
  search: string,
  meta: RouteMeta | undefined,
): TabsAction | null =>
  meta && !pathname.startsWith(`${paths.redirect}/`)
    ? { type: 'open', tab: toTab(pathname, `${pathname}${search}`, meta) }
    : null;

/** A matched route as the router's state holds it: its id, path, params and handle. */
interface StateMatch {
  pathname: string;
  params: UIMatch['params'];
  route: { id: string; handle?: unknown };
}

/**
 * The tabs the layout opens when it first draws the screen at `location` for `agent` (its tab sync
 * runs in effects, before the browser paints): the server's drawing of the first screen has them
 * (`withTabs`), and the browser starts with them when it takes that drawing over (`startWithTabs`).
 */
export function firstTabs(
  agent: RoleSubject,
  location: Pick<Location, 'pathname' | 'search'>,
  matches: readonly StateMatch[],
): TabsAction[] {
  const meta = currentMeta(
    matches.map((m) => ({
      id: m.route.id,
      pathname: m.pathname,
      params: m.params,
      data: null,
      loaderData: null,
      handle: m.route.handle,
    })),
  );
  const open = openTabAction(location.pathname, location.search, meta);
  return [affixTabsAction(generateRoutes(appRoutes, menuGroups, agent)), ...(open ? [open] : [])];
}

const stateOf = (actions: readonly TabsAction[]) => actions.reduce(tabsReducer, initialTabsState);

/**
 * Draws with the tabs `actions` open, where effects do not run (the server's render of the first
 * screen, which is synchronous: no other render sees them).
 */
export function withTabs<T>(actions: readonly TabsAction[], render: () => T): T {
  const before = tabsStore.get();
  tabsStore.set(stateOf(actions));
  try {
    return render();
  } finally {
    tabsStore.set(before);
  }
}

/** The tabs the console starts with when it takes the server's drawing of its first screen over. */
export const startWithTabs = (actions: readonly TabsAction[]): void => tabsStore.set(stateOf(actions));
