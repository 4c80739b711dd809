import { COPYRIGHT_YEARS, ROUTE_LOADING_DELAY_MS, SIDEBAR_WIDTH } from '@agent-console/contract/constants';
import { Layout, Spin } from 'antd';
import { lazy, Suspense, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { useSiteBrand } from '../../features/site/api/get-site-info';
import { loadChunk } from '../../lib/lazy-chunk';
import { useAgentInfo } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { buildMenu, generateRoutes } from '../menu';
import { currentMeta } from '../route-meta';
import { appRoutes, menuGroups } from '../route-table';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { affixTabsAction, dispatchTabs, openTabAction } from './tabs-store';
import { TagsView } from './tags-view';
import { useSidebarOpen } from './use-sidebar';
import { ViewCache } from './view-cache';
import './layout.css';

/** Opens a tab for every visited screen; affixed routes (the workbench) always have one. */
function useTabSync(routes: ReturnType<typeof generateRoutes>) {
  const { pathname, search } = useLocation();
  const meta = currentMeta(useMatches());

  useLayoutEffect(() => {
    dispatchTabs(affixTabsAction(routes));
  }, [routes]);

  useLayoutEffect(() => {
    const open = openTabAction(pathname, search, meta);
    if (open) dispatchTabs(open);
  }, [meta, pathname, search]);
}

// The drawer (antd's Drawer, about 5 KB gzipped) is loaded on a narrow screen only.
const SidebarDrawer = lazy(() => loadChunk(() => import('./sidebar-drawer')));

/**
 * Below antd's `lg` breakpoint (992 px) a 200 px sidebar leaves too little room: it becomes a
 * drawer that the header's menu button opens.
 */
export const NARROW_SCREEN = '(max-width: 991.98px)';

/**
 * The console shell: sidebar, header, tab bar, cached views and footer (spec section 1). On a
 * narrow screen the sidebar is a drawer over the page, closed after each choice.
 */
export default function AppLayout() {
  const agent = useAgentInfo();
  const brand = useSiteBrand();
  const [sidebarOpen, toggleSidebar] = useSidebarOpen();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const routes = useMemo(() => generateRoutes(appRoutes, menuGroups, agent), [agent]);
  const menu = useMemo(() => buildMenu(appRoutes, menuGroups, agent), [agent]);
  const navigating = useNavigation().state === 'loading';
  useTabSync(routes);

  return (
    <Layout className="app-layout" hasSider={!narrow}>
      {narrow ? (
        <Suspense fallback={null}>
          <SidebarDrawer menu={menu} brand={brand} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsible
          collapsed={!sidebarOpen}
          trigger={null}
          theme="dark"
          className="app-sider"
        >
          <Sidebar menu={menu} brand={brand} collapsed={!sidebarOpen} />
        </Layout.Sider>
      )}
      <Layout className="app-main">
        {/* The header and the tab bar stay in view together while the page scrolls. */}
        <div className="app-top">
          <Layout.Header className="app-header">
            <Navbar
              userId={agent.userId}
              agentLevel={agent.agentLevel}
              sidebar={
                narrow
                  ? { kind: 'drawer', onOpen: () => setDrawerOpen(true) }
                  : { kind: 'sider', open: sidebarOpen, onToggle: toggleSidebar }
              }
            />
          </Layout.Header>
          <TagsView />
        </div>
        <Layout.Content className="app-content">
          <Spin spinning={navigating} delay={ROUTE_LOADING_DELAY_MS}>
            <ViewCache />
          </Spin>
        </Layout.Content>
        <Layout.Footer className="app-footer">
          Copyright © {COPYRIGHT_YEARS} {brand.name}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
