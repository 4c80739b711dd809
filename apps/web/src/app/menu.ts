import { isAllowed, type RoleSubject } from '@agent-console/contract/roles';
import type { MenuIconKey } from './layout/menu-icons';
import type { AppRouteDef, MenuGroup, MenuGroupKey } from './route-meta';

/** A sidebar entry: a screen (path), an external link (externalUrl) or a group (children). */
export interface MenuEntry {
  key: string;
  label: string;
  icon?: MenuIconKey;
  path?: string;
  externalUrl?: string;
  children?: MenuEntry[];
}

export type MenuGroups = Partial<Record<MenuGroupKey, MenuGroup>>;

/**
 * Spec section 2: a route is kept when it has no role restriction or the agent's value for every
 * role key is allowed; a grouped route also needs its group to pass.
 */
export function canAccess(route: AppRouteDef, groups: MenuGroups, subject: RoleSubject): boolean {
  const group = route.meta.group ? groups[route.meta.group] : undefined;
  return isAllowed(route.meta.roles, subject) && isAllowed(group?.roles, subject);
}

/** The routes generated for an agent from its permissions, in table order. */
export function generateRoutes(
  routes: readonly AppRouteDef[],
  groups: MenuGroups,
  subject: RoleSubject,
): AppRouteDef[] {
  return routes.filter((route) => canAccess(route, groups, subject));
}

const toEntry = (route: AppRouteDef): MenuEntry => ({
  key: route.meta.externalUrl ? `external:${route.meta.externalUrl}` : route.path,
  label: route.meta.title,
  ...(route.meta.icon ? { icon: route.meta.icon } : {}),
  ...(route.meta.externalUrl ? { externalUrl: route.meta.externalUrl } : { path: route.path }),
});

/**
 * The sidebar: the agent's routes without hidden ones, grouped where the meta says so (a group
 * sits where its first route sits); a group with one visible child collapses into that child,
 * which keeps its own icon or takes the group's. The table lists the fixed routes first and the
 * permission routes after them, so those are appended in the order they were added.
 */
export function buildMenu(
  routes: readonly AppRouteDef[],
  groups: MenuGroups,
  subject: RoleSubject,
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const groupEntries = new Map<MenuGroupKey, MenuEntry>();
  for (const route of generateRoutes(routes, groups, subject)) {
    if (route.meta.hidden) continue;
    const key = route.meta.group;
    const group = key ? groups[key] : undefined;
    if (!key || !group) {
      entries.push(toEntry(route));
      continue;
    }
    let groupEntry = groupEntries.get(key);
    if (!groupEntry) {
      groupEntry = {
        key: `group:${key}`,
        label: group.title,
        ...(group.icon ? { icon: group.icon } : {}),
        children: [],
      };
      groupEntries.set(key, groupEntry);
      entries.push(groupEntry);
    }
    groupEntry.children?.push(toEntry(route));
  }
  return entries.map((entry) => {
    const only = entry.children?.length === 1 ? entry.children[0] : undefined;
    if (!only) return entry;
    return { ...only, ...(only.icon || !entry.icon ? {} : { icon: entry.icon }) };
  });
}

/** The group keys on the way to a path, for the menu's open submenus. */
export function openKeysFor(menu: readonly MenuEntry[], path: string): string[] {
  return menu.filter((entry) => entry.children?.some((child) => child.path === path)).map((e) => e.key);
}
