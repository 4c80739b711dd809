import type { RoleRule } from '@agent-console/contract/roles';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, UIMatch } from 'react-router';
import type { MenuIconKey } from './layout/menu-icons';

/** Sidebar groups a route can sit in. */
export type MenuGroupKey = 'system' | 'operations';

export interface MenuGroup {
  title: string;
  icon?: MenuIconKey;
  /** A group may be restricted as a whole, as routes are. */
  roles?: RoleRule;
}

/** What a route says about itself: titles, menu placement, visibility and caching. */
export interface RouteMeta {
  /** Menu, tab and document title. */
  title: string;
  /** The tab title when full titles do not fit; the full title when absent. */
  shortTitle?: string;
  /** A key of the layout's menu icons. */
  icon?: MenuIconKey;
  /** Agent-info keys and their allowed values (spec section 6); no rule means everyone. */
  roles?: RoleRule;
  /** Not in the menu (still reachable, and still a tab). */
  hidden?: boolean;
  /** Not kept mounted while its tab is open. */
  noCache?: boolean;
  /** A tab that cannot be closed (the workbench). */
  affix?: boolean;
  group?: MenuGroupKey;
  /** A menu link that opens this address in a new window instead of a screen. */
  externalUrl?: string;
}

/** A route module under app/routes: a default component and, optionally, a loader that warms its queries. */
export interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

/** One entry of the route table. Entries without `load` are external links (meta.externalUrl). */
export interface AppRouteDef {
  path: string;
  meta: RouteMeta;
  load?: () => Promise<RouteModule>;
}

/** The `handle` every table route carries in the router. */
export interface RouteHandle {
  meta: RouteMeta;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'meta' in handle;

/** The meta of the deepest matched route that has one. */
export function currentMeta(matches: readonly UIMatch[]): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.meta;
  }
  return undefined;
}
