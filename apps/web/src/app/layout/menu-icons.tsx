import {
  ControlOutlined,
  DashboardOutlined,
  DesktopOutlined,
  GlobalOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The icons routes and groups name in their meta. They live with the layout, not the route table,
 * so the entry chunk (and with it the login page) does not carry them.
 */
export const menuIcons = {
  dashboard: <DashboardOutlined />,
  user: <UserOutlined />,
  setting: <SettingOutlined />,
  control: <ControlOutlined />,
  desktop: <DesktopOutlined />,
  global: <GlobalOutlined />,
  team: <TeamOutlined />,
  order: <ProfileOutlined />,
  wallet: <WalletOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIconKey = keyof typeof menuIcons;
