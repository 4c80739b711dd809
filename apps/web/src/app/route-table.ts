import { ROUTE_ROLES } from '@agent-console/contract/roles';
import { paths } from '../config/paths';
import type { MenuGroups } from './menu';
import type { AppRouteDef } from './route-meta';

/** Sidebar groups. */
export const menuGroups: MenuGroups = {
  system: { title: '系统设置', icon: 'setting' },
  // Issue 3: the operator's own screens (identity review, SMS outbox).
  operations: { title: '运营管理', icon: 'control' },
};

/**
 * Every screen inside the layout, in menu order: the fixed routes first, then the ones that depend
 * on permissions. Adding a screen is one entry here (plus its path in config/paths.ts and its
 * route module); menu, tabs, guard, titles and caching follow from the meta.
 */
export const appRoutes: readonly AppRouteDef[] = [
  {
    path: paths.home,
    meta: { title: '工作台', shortTitle: '首页', icon: 'dashboard', affix: true },
    load: () => import('./routes/workbench/workbench'),
  },
  {
    path: paths.userCenter,
    meta: { title: '个人中心', shortTitle: '个人', icon: 'user', hidden: true },
    load: () => import('./routes/user-center/user-center'),
  },
  {
    path: paths.netBarMgt,
    meta: { title: '客户端推广管理', shortTitle: '客户端推广', icon: 'desktop' },
    load: () => import('./routes/net-bar-mgt/net-bar-mgt'),
  },
  {
    path: paths.webMgt,
    meta: { title: '网页推广管理', shortTitle: '网页推广', icon: 'global' },
    load: () => import('./routes/web-mgt/web-mgt'),
  },
  {
    path: paths.agentMgt,
    meta: { title: '代理管理', shortTitle: '代理', icon: 'user', roles: ROUTE_ROLES['/agent-mgt'] },
    load: () => import('./routes/agent-mgt/agent-mgt'),
  },
  // Issue 11: the business of the subtree by day or month, every terminal, the web ones, the APP ones.
  {
    path: paths.summaryStats,
    meta: { title: '客户端数据统计', shortTitle: '客户端统计', icon: 'desktop' },
    load: () => import('./routes/summary-stats/summary-stats'),
  },
  {
    path: paths.webSummaryStats,
    meta: { title: '网页汇总统计', shortTitle: '网页统计', icon: 'global' },
    load: () => import('./routes/summary-stats/web-summary-stats'),
  },
  {
    path: paths.appSummaryStats,
    meta: {
      title: 'APP汇总统计',
      shortTitle: 'APP统计',
      icon: 'dashboard',
      roles: ROUTE_ROLES['/APP-summary-stats'],
    },
    load: () => import('./routes/summary-stats/app-summary-stats'),
  },
  // Issue 9: the channel users and the orders of the subtree (spec section 2: everyone).
  {
    path: paths.userDetails,
    meta: { title: '用户明细', shortTitle: '用户', icon: 'team' },
    load: () => import('./routes/user-details/user-details'),
  },
  {
    path: paths.orderDetails,
    meta: { title: '订单明细', shortTitle: '订单', icon: 'order' },
    load: () => import('./routes/order-details/order-details'),
  },
  // Issue 10: the caller's money and withdrawals (spec section 2: everyone).
  {
    path: paths.financialMgt,
    meta: { title: '财务管理', shortTitle: '财务', icon: 'wallet' },
    load: () => import('./routes/financial-mgt/financial-mgt'),
  },
  // Issue 10 §2: the ledger entries of the subtree's members (spec section 2: hasMemberFinanceMenu).
  {
    path: paths.amountDetails,
    meta: {
      title: '资金明细',
      shortTitle: '资金',
      icon: 'wallet',
      roles: ROUTE_ROLES['/amount-details'],
    },
    load: () => import('./routes/amount-details/amount-details'),
  },
  // Issue 10 §4: valid devices per agent and month, and their settlement (spec: setSettleAuthority).
  {
    path: paths.deviceStats,
    meta: { title: '有效设备统计', shortTitle: '设备', icon: 'desktop', roles: ROUTE_ROLES['/device-stats'] },
    load: () => import('./routes/device-stats/device-stats'),
  },
  {
    path: paths.setting,
    meta: {
      title: '基础设置',
      shortTitle: '设置',
      icon: 'control',
      roles: ROUTE_ROLES['/setting'],
      group: 'system',
    },
    load: () => import('./routes/setting/setting'),
  },
  {
    path: paths.ingestKeys,
    meta: {
      title: '接入密钥',
      shortTitle: '密钥',
      icon: 'setting',
      roles: ROUTE_ROLES['/ingest-keys'],
      group: 'system',
    },
    load: () => import('./routes/ingest-keys/ingest-keys'),
  },
  {
    path: paths.realNameReview,
    meta: {
      title: '实名审核',
      shortTitle: '审核',
      icon: 'user',
      roles: ROUTE_ROLES['/real-name-review'],
      group: 'operations',
    },
    load: () => import('./routes/real-name-review/real-name-review'),
  },
  {
    path: paths.smsOutbox,
    meta: {
      title: '短信发件箱',
      shortTitle: '短信',
      icon: 'control',
      roles: ROUTE_ROLES['/sms-outbox'],
      group: 'operations',
    },
    load: () => import('./routes/sms-outbox/sms-outbox'),
  },
  {
    path: paths.withdrawReview,
    meta: {
      title: '提现审核',
      shortTitle: '提现',
      icon: 'wallet',
      roles: ROUTE_ROLES['/withdraw-review'],
      group: 'operations',
    },
    load: () => import('./routes/withdraw-review/withdraw-review'),
  },
];
