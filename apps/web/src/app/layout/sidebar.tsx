import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SiteBrand } from '../../components/site-brand';
import { paths } from '../../config/paths';
import type { SiteBrand as Brand } from '../../features/site/api/get-site-info';
import { type MenuEntry, openKeysFor } from '../menu';
import { menuIcons } from './menu-icons';

type MenuItems = NonNullable<MenuProps['items']>;

function toItems(entries: readonly MenuEntry[]): MenuItems {
  return entries.map((entry) => {
    const icon = entry.icon ? menuIcons[entry.icon] : undefined;
    if (entry.children) {
      return { key: entry.key, icon, label: entry.label, children: toItems(entry.children) };
    }
    if (entry.externalUrl) {
      return {
        key: entry.key,
        icon,
        label: (
          <a href={entry.externalUrl} target="_blank" rel="noopener noreferrer">
            {entry.label}
          </a>
        ),
      };
    }
    return { key: entry.key, icon, label: entry.label };
  });
}

/** The sidebar: site logo and name on top, the agent's menu below. `onNavigate`: after any choice (the drawer closes). */
export function Sidebar({
  menu,
  brand,
  collapsed,
  onNavigate,
}: {
  menu: MenuEntry[];
  brand: Brand;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menu), [menu]);
  const [openKeys, setOpenKeys] = useState(() => openKeysFor(menu, pathname));

  // Reaching a grouped screen by any way (tab, link, URL) opens its group.
  useEffect(() => {
    const needed = openKeysFor(menu, pathname);
    setOpenKeys((open) => (needed.every((k) => open.includes(k)) ? open : [...open, ...needed]));
  }, [menu, pathname]);

  return (
    <>
      <button
        type="button"
        className="sidebar-brand"
        onClick={() => {
          void navigate(paths.home);
          onNavigate?.();
        }}
        title={brand.name}
      >
        <SiteBrand name={brand.name} logo={brand.logo} theme="dark" compact={collapsed} />
      </button>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          if (!key.startsWith('external:')) void navigate(key);
          onNavigate?.();
        }}
        className="sidebar-menu"
      />
    </>
  );
}
