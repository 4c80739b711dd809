import { describe, expect, it } from 'vitest';
import { initialTabsState, type TabsState, tabsReducer, targetAfterClose, type ViewTab } from './tabs-store';

const tab = (path: string, overrides: Partial<ViewTab> = {}): ViewTab => ({
  path,
  fullPath: path,
  title: `标题${path}`,
  shortTitle: `短${path}`,
  affix: false,
  noCache: false,
  ...overrides,
});

const home = tab('/', { affix: true, title: '工作台' });

const withTabs = (...tabs: ViewTab[]): TabsState => ({ ...initialTabsState, tabs });
const pathsOf = (state: TabsState) => state.tabs.map((t) => t.path);

describe('tabsReducer', () => {
  it('opens a tab once per path, in visiting order, keeping the latest query', () => {
    let state = tabsReducer(withTabs(home), { type: 'open', tab: tab('/user-center') });
    state = tabsReducer(state, { type: 'open', tab: tab('/setting') });
    state = tabsReducer(state, { type: 'open', tab: tab('/user-center', { fullPath: '/user-center?x=1' }) });
    expect(pathsOf(state)).toEqual(['/', '/user-center', '/setting']);
    expect(state.tabs[1]?.fullPath).toBe('/user-center?x=1');
  });

  it('returns the same state when a visit changes nothing', () => {
    const state = withTabs(home, tab('/setting'));
    expect(tabsReducer(state, { type: 'open', tab: tab('/setting') })).toBe(state);
  });

  it('puts affixed tabs first, without duplicating them', () => {
    let state = withTabs(tab('/setting'));
    state = tabsReducer(state, { type: 'affix', tabs: [home] });
    state = tabsReducer(state, { type: 'affix', tabs: [home] });
    expect(pathsOf(state)).toEqual(['/', '/setting']);
  });

  it('closes one tab, but never an affixed one', () => {
    const state = withTabs(home, tab('/user-center'), tab('/setting'));
    expect(pathsOf(tabsReducer(state, { type: 'close', path: '/user-center' }))).toEqual(['/', '/setting']);
    expect(tabsReducer(state, { type: 'close', path: '/' })).toBe(state);
  });

  it('closes the others, keeping the chosen tab and the affixed ones', () => {
    const state = withTabs(home, tab('/a'), tab('/b'), tab('/c'));
    expect(pathsOf(tabsReducer(state, { type: 'closeOthers', path: '/b' }))).toEqual(['/', '/b']);
    expect(pathsOf(tabsReducer(state, { type: 'closeOthers', path: '/' }))).toEqual(['/']);
  });

  it('closes all but the affixed tabs', () => {
    const state = withTabs(home, tab('/a'), tab('/b'));
    expect(pathsOf(tabsReducer(state, { type: 'closeAll' }))).toEqual(['/']);
  });

  it('counts refreshes per path so the view can be mounted afresh', () => {
    let state = withTabs(home, tab('/a'));
    state = tabsReducer(state, { type: 'refresh', path: '/a' });
    state = tabsReducer(state, { type: 'refresh', path: '/a' });
    expect(state.generations).toEqual({ '/a': 2 });
  });
});

describe('targetAfterClose', () => {
  it('stays put when the closed tab was not the active one', () => {
    expect(targetAfterClose([home, tab('/a')], '/b', '/a')).toBeNull();
  });

  it('goes to the last remaining tab, with its query, when the active one closes', () => {
    expect(targetAfterClose([home, tab('/a', { fullPath: '/a?page=2' })], '/b', '/b')).toBe('/a?page=2');
  });

  it('goes home when no tab is left', () => {
    expect(targetAfterClose([], '/b', '/b')).toBe('/');
  });
});
