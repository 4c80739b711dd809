import { type ReactNode, useRef } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { currentMeta } from '../route-meta';
import { useTabsState } from './tabs-store';

/**
 * Keeps each open tab's view mounted (hidden when not active) so switching tabs keeps its state,
 * unless its route opts out with meta.noCache (spec section 2). Closing a tab drops its view; a
 * refresh bumps the tab's generation, which mounts the view afresh.
 */
export function ViewCache() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const meta = currentMeta(useMatches());
  const { tabs, generations } = useTabsState();
  const cache = useRef(new Map<string, ReactNode>());

  const cacheable = meta !== undefined && !meta.noCache;
  if (cacheable) cache.current.set(pathname, outlet);
  for (const path of cache.current.keys()) {
    if (path !== pathname && !tabs.some((t) => t.path === path && !t.noCache)) cache.current.delete(path);
  }

  return (
    <>
      {[...cache.current].map(([path, element]) => (
        <div
          key={`${path}#${generations[path] ?? 0}`}
          className="view-cache-item"
          hidden={path !== pathname}
          data-view={path}
        >
          {element}
        </div>
      ))}
      {!cacheable && (
        <div
          key={`${pathname}#${generations[pathname] ?? 0}`}
          className="view-cache-item"
          data-view={pathname}
        >
          {outlet}
        </div>
      )}
    </>
  );
}
