import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { SecurityDialogsHost } from '../../features/security/components/security-dialogs-host';
import { PendingTasks } from '../../features/tasks/components/pending-tasks';
import { lazyComponent } from '../../lib/lazy-chunk';
import { currentMeta } from '../route-meta';
import { menuGroups } from '../route-table';
import { openTaskDialog } from '../task-dialog';

/** The sidebar the header's button works: the sider it folds, or the drawer it opens (narrow screens). */
export type NavbarSidebar =
  | { kind: 'sider'; open: boolean; onToggle: () => void }
  | { kind: 'drawer'; onOpen: () => void };

const LogoutConfirm = lazyComponent(() => import('./logout-confirm').then((m) => m.LogoutConfirm));

interface NavbarProps {
  userId: number;
  agentLevel: number;
  sidebar: NavbarSidebar;
}

/** The header: sidebar toggle and where we are on the left; tasks, user ID, personal center and logout on the right. */
export function Navbar({ userId, agentLevel, sidebar }: NavbarProps) {
  // Each click on 退出登录 mounts the confirmation anew (key); it unmounts once closed.
  const [logoutAsked, setLogoutAsked] = useState(0);
  const meta = currentMeta(useMatches());
  const { pathname } = useLocation();
  const group = meta?.group ? menuGroups[meta.group] : undefined;
  const closeLogout = useCallback(() => setLogoutAsked(0), []);

  return (
    <div className="navbar">
      {logoutAsked > 0 ? (
        <Suspense fallback={null}>
          <LogoutConfirm key={logoutAsked} onClosed={closeLogout} />
        </Suspense>
      ) : null}
      <SecurityDialogsHost />
      {sidebar.kind === 'drawer' ? (
        <Button
          type="text"
          className="navbar-toggle"
          icon={<MenuOutlined />}
          onClick={sidebar.onOpen}
          aria-label="打开菜单"
        />
      ) : (
        <Button
          type="text"
          className="navbar-toggle"
          icon={sidebar.open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={sidebar.onToggle}
          aria-label={sidebar.open ? '收起侧边栏' : '展开侧边栏'}
        />
      )}
      <Breadcrumb
        className="navbar-breadcrumb"
        items={[
          { key: 'home', title: <Link to={paths.home}>首页</Link> },
          ...(group ? [{ key: 'group', title: group.title }] : []),
          ...(meta && pathname !== paths.home ? [{ key: 'page', title: meta.title }] : []),
        ]}
      />
      <div className="navbar-right">
        <PendingTasks agentLevel={agentLevel} onOpenDialog={openTaskDialog} />
        <span className="navbar-user" data-testid="navbar-user-id">
          用户ID：{userId}
        </span>
        <Link to={paths.userCenter} className="navbar-link">
          <UserOutlined />
          个人中心
        </Link>
        <Button
          type="text"
          icon={<LogoutOutlined />}
          onClick={() => setLogoutAsked((n) => n + 1)}
          onPointerEnter={LogoutConfirm.preload}
          onFocus={LogoutConfirm.preload}
          className="navbar-logout"
        >
          退出登录
        </Button>
      </div>
    </div>
  );
}
