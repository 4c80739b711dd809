import { createStore, useStore } from '../../lib/create-store';

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
