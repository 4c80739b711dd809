import { ROUTE_ROLES, type RoleSubject } from '@agent-console/contract/roles';
import { describe, expect, it } from 'vitest';
import { buildMenu, canAccess, generateRoutes, type MenuGroups, openKeysFor } from './menu';
import type { AppRouteDef } from './route-meta';
import { appRoutes, menuGroups } from './route-table';

const subject = (overrides: Partial<RoleSubject> = {}): RoleSubject => ({
  userId: 10003,
  agentLevel: 3,
  setTopAuthority: false,
  addPricePermission: false,
  isHbpush: false,
  xuanhaoApp: false,
  hasMemberFinanceMenu: false,
  setSettleAuthority: false,
  ...overrides,
});

const screen = () => Promise.resolve({ default: () => null });

const groups: MenuGroups = {
  system: { title: '系统设置', icon: 'setting' },
};

const routes: AppRouteDef[] = [
  { path: '/', meta: { title: '工作台', icon: 'dashboard', affix: true }, load: screen },
  { path: '/user-center', meta: { title: '个人中心', hidden: true }, load: screen },
  { path: '/agent-mgt', meta: { title: '代理管理', roles: ROUTE_ROLES['/agent-mgt'] }, load: screen },
  { path: '/goods-top', meta: { title: '商品置顶', roles: ROUTE_ROLES['/goods-top'] }, load: screen },
  {
    path: '/setting',
    meta: { title: '基础设置', roles: ROUTE_ROLES['/setting'], group: 'system' },
    load: screen,
  },
  {
    path: '/campaign',
    meta: { title: '营销活动', icon: 'control', roles: { agentLevel: [0] }, group: 'system' },
    load: screen,
  },
  { path: '/help', meta: { title: '帮助中心', externalUrl: 'https://help.example.com' } },
];

const paths = (entries: ReturnType<typeof buildMenu>): string[] =>
  entries.flatMap((e) =>
    e.children ? [`${e.label}>`, ...paths(e.children)] : [e.path ?? e.externalUrl ?? ''],
  );

describe('buildMenu', () => {
  it('keeps unrestricted routes and those whose every role key allows the agent', () => {
    expect(paths(buildMenu(routes, groups, subject({ agentLevel: 3 })))).toEqual([
      '/',
      '/agent-mgt',
      'https://help.example.com',
    ]);
    expect(paths(buildMenu(routes, groups, subject({ agentLevel: 5 })))).toEqual([
      '/',
      'https://help.example.com',
    ]);
  });

  it('needs every key of a rule to allow the agent', () => {
    const level0 = paths(buildMenu(routes, groups, subject({ agentLevel: 0 })));
    expect(level0).not.toContain('/goods-top');
    const withTop = paths(buildMenu(routes, groups, subject({ agentLevel: 0, setTopAuthority: true })));
    expect(withTop).toContain('/goods-top');
  });

  it('leaves hidden routes out of the menu while still generating them', () => {
    expect(paths(buildMenu(routes, groups, subject()))).not.toContain('/user-center');
    expect(generateRoutes(routes, groups, subject()).map((r) => r.path)).toContain('/user-center');
  });

  it('puts grouped routes under their group, where the first of them sits', () => {
    const menu = buildMenu(routes, groups, subject({ agentLevel: 0 }));
    const group = menu.find((e) => e.key === 'group:system');
    expect(group?.label).toBe('系统设置');
    expect(group?.children?.map((c) => c.path)).toEqual(['/setting', '/campaign']);
    expect(menu.map((e) => e.key)).toEqual([
      '/',
      '/agent-mgt',
      'group:system',
      'external:https://help.example.com',
    ]);
  });

  it('collapses a group with one visible child into that child, with the group icon when it has none', () => {
    const single = routes.filter((r) => r.path !== '/campaign');
    const menu = buildMenu(single, groups, subject({ agentLevel: 0 }));
    const setting = menu.find((e) => e.path === '/setting');
    expect(setting).toMatchObject({ key: '/setting', label: '基础设置', icon: 'setting' });
    expect(setting?.children).toBeUndefined();
    expect(menu.some((e) => e.key === 'group:system')).toBe(false);
  });

  it('drops a group whose children are all filtered out, and a restricted group as a whole', () => {
    expect(buildMenu(routes, groups, subject({ agentLevel: 2 })).some((e) => e.key === 'group:system')).toBe(
      false,
    );
    const locked: MenuGroups = { system: { title: '系统设置', roles: { userId: [1] } } };
    const menu = buildMenu(routes, locked, subject({ agentLevel: 0 }));
    expect(paths(menu)).not.toContain('/setting');
    expect(canAccess(routes[4] as AppRouteDef, locked, subject({ agentLevel: 0 }))).toBe(false);
  });

  it('turns external links into entries that carry their address and no path', () => {
    const help = buildMenu(routes, groups, subject()).find((e) => e.externalUrl);
    expect(help).toEqual({
      key: 'external:https://help.example.com',
      label: '帮助中心',
      externalUrl: 'https://help.example.com',
    });
  });

  it('opens the group that holds the current path', () => {
    const menu = buildMenu(routes, groups, subject({ agentLevel: 0 }));
    expect(openKeysFor(menu, '/campaign')).toEqual(['group:system']);
    expect(openKeysFor(menu, '/')).toEqual([]);
  });
});

describe('the console route table', () => {
  it('shows 系统设置 (基础设置, 接入密钥) to level 0 only', () => {
    const level0 = buildMenu(
      appRoutes,
      menuGroups,
      subject({ agentLevel: 0, userId: 10000, xuanhaoApp: true }),
    );
    expect(level0.map((e) => [e.label, e.path])).toEqual([
      ['工作台', '/'],
      ['客户端推广管理', '/net-bar-mgt'],
      ['网页推广管理', '/web-mgt'],
      ['代理管理', '/agent-mgt'],
      // Issue 11: the summary statistics, APP汇总统计 with xuanhaoApp.
      ['客户端数据统计', '/summary-stats'],
      ['网页汇总统计', '/web-summary-stats'],
      ['APP汇总统计', '/APP-summary-stats'],
      ['用户明细', '/user-details'],
      ['订单明细', '/order-details'],
      ['财务管理', '/financial-mgt'],
      ['系统设置', undefined],
      ['运营管理', undefined],
    ]);
    // Issue 9: the rental platform's ingest keys beside the basic settings.
    expect(level0[10]?.children?.map((e) => [e.label, e.path])).toEqual([
      ['基础设置', '/setting'],
      ['接入密钥', '/ingest-keys'],
    ]);
    // Issue 3: the operator's identity review and SMS outbox, level 0 only.
    expect(level0[11]?.children?.map((e) => [e.label, e.path])).toEqual([
      ['实名审核', '/real-name-review'],
      ['短信发件箱', '/sms-outbox'],
      // Issue 10: the withdrawal review.
      ['提现审核', '/withdraw-review'],
    ]);
    // 代理管理: levels 0-4 (spec section 2).
    for (const level of [1, 2, 3, 4]) {
      const menu = buildMenu(appRoutes, menuGroups, subject({ agentLevel: level }));
      expect(menu.map((e) => e.label)).toEqual([
        '工作台',
        '客户端推广管理',
        '网页推广管理',
        '代理管理',
        '客户端数据统计',
        '网页汇总统计',
        '用户明细',
        '订单明细',
        '财务管理',
      ]);
    }
    // 客户端推广管理, 网页推广管理, the summary statistics, 用户明细, 订单明细 and 财务管理: everyone (spec
    // section 2), the promoter included; APP汇总统计 with xuanhaoApp at any level.
    expect(
      buildMenu(appRoutes, menuGroups, subject({ agentLevel: 5, xuanhaoApp: true })).map((e) => e.label),
    ).toEqual([
      '工作台',
      '客户端推广管理',
      '网页推广管理',
      '客户端数据统计',
      '网页汇总统计',
      'APP汇总统计',
      '用户明细',
      '订单明细',
      '财务管理',
    ]);
  });

  it('keeps the personal center out of the menu but reachable for everyone', () => {
    for (const level of [0, 3, 5]) {
      const generated = generateRoutes(appRoutes, menuGroups, subject({ agentLevel: level }));
      expect(generated.map((r) => r.path)).toContain('/user-center');
    }
  });
});
