import type { UserInfo } from '@agent-console/contract/user';
import { describe, expect, it } from 'vitest';
import { realNameState, securityItems } from './security-items';

const user = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  userId: 10003,
  mobilePhone: '138****0003',
  isSetPayPassword: false,
  isSetLoginPassword: false,
  phoneVerified: true,
  realNameStatus: null,
  createTime: '2026-01-01 00:00:00',
  lastLoginTime: null,
  ...overrides,
});

describe('realNameState', () => {
  it('reads 0 as under review, 1 as verified and anything else as not done', () => {
    expect(realNameState(0)).toEqual({ state: '审核中', tone: 'processing' });
    expect(realNameState(1)).toEqual({ state: '已认证', tone: 'success' });
    expect(realNameState(2)).toEqual({ state: '未认证', tone: 'warning' });
    expect(realNameState(null)).toEqual({ state: '未认证', tone: 'warning' });
  });
});

describe('securityItems', () => {
  it('lists phone, login password, real name and withdraw password with their states', () => {
    expect(securityItems(user()).map((i) => [i.title, i.state])).toEqual([
      ['手机验证', '已验证'],
      ['登录密码', '未修改初始密码'],
      ['实名认证', '未认证'],
      ['提现密码', '未设置'],
    ]);
    const done = securityItems(user({ isSetLoginPassword: true, isSetPayPassword: true, realNameStatus: 1 }));
    expect(done.map((i) => i.state)).toEqual(['已验证', '已设置', '已认证', '已设置']);
    expect(securityItems(user({ phoneVerified: false }))[0]?.state).toBe('未验证');
  });
});
