import { LOGOUT_CONFIRM_TEXT } from '@agent-console/contract';
import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Modal } from 'antd';
import { Link, useLocation, useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { SecurityDialogs } from '../../features/security/components/security-dialogs';
import { PendingTasks } from '../../features/tasks/components/pending-tasks';
import { runAction } from '../../lib/use-action';
import { currentMeta } from '../route-meta';
import { menuGroups } from '../route-table';
import { openTaskDialog } from '../task-dialog';

/** The sidebar the header's button works: the sider it folds, or the drawer it opens (narrow screens). */
export type NavbarSidebar =
  | { kind: 'sider'; open: boolean; onToggle: () => void }
  | { kind: 'drawer'; onOpen: () => void };

interface NavbarProps {
  userId: number;
  agentLevel: number;
  sidebar: NavbarSidebar;
}

/** The header: sidebar toggle and where we are on the left; tasks, user ID, personal center and logout on the right. */
export function Navbar({ userId, agentLevel, sidebar }: NavbarProps) {
  const [modal, modalHolder] = Modal.useModal();
  const logout = useLogout();
  const meta = currentMeta(useMatches());
  const { pathname } = useLocation();
  const group = meta?.group ? menuGroups[meta.group] : undefined;

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM_TEXT,
      okText: '确定',
      cancelText: '取消',
      // A refusal the api client has shown closes the dialog; the user stays logged in.
      onOk: () => runAction(() => logout.mutateAsync()),
    });
  };

  return (
    <div className="navbar">
      {modalHolder}
      <SecurityDialogs />
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
        <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} className="navbar-logout">
          退出登录
        </Button>
      </div>
    </div>
  );
}
