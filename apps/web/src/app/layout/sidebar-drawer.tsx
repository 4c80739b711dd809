import { SIDEBAR_WIDTH } from '@agent-console/contract/constants';
import { Drawer } from 'antd';
import type { ComponentProps } from 'react';
import { Sidebar } from './sidebar';

interface SidebarDrawerProps extends Omit<ComponentProps<typeof Sidebar>, 'collapsed' | 'onNavigate'> {
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar of a narrow screen (below 992 px): a drawer over the page from the left, opened by
 * the header's menu button, closed after any choice, on the mask or with Escape. Its own chunk,
 * loaded only on a narrow screen.
 */
export default function SidebarDrawer({ open, onClose, menu, brand }: SidebarDrawerProps) {
  return (
    <Drawer
      placement="left"
      size={SIDEBAR_WIDTH}
      open={open}
      onClose={onClose}
      closable={false}
      rootClassName="app-drawer"
      aria-label="菜单"
    >
      <Sidebar menu={menu} brand={brand} collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
