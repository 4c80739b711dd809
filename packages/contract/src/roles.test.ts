import { describe, expect, it } from 'vitest';
import { isAllowed, ROUTE_ROLES, type RoleSubject, taskFlags } from './index';

const agent = (over: Partial<RoleSubject> = {}): RoleSubject => ({
  userId: 20000,
  agentLevel: 3,
  setTopAuthority: false,
  addPricePermission: false,
  isHbpush: false,
  xuanhaoApp: false,
  hasMemberFinanceMenu: false,
  setSettleAuthority: false,
  ...over,
});

describe('isAllowed', () => {
  it('lets everyone through a route without a rule', () => {
    expect(isAllowed(undefined, agent())).toBe(true);
  });
  it('keeps agent management for levels 0-4 only', () => {
    expect(isAllowed(ROUTE_ROLES['/agent-mgt'], agent({ agentLevel: 4 }))).toBe(true);
    expect(isAllowed(ROUTE_ROLES['/agent-mgt'], agent({ agentLevel: 5 }))).toBe(false);
  });
  it('needs every key of a rule: goods pinning is level 0 with setTopAuthority', () => {
    expect(isAllowed(ROUTE_ROLES['/goods-top'], agent({ agentLevel: 0 }))).toBe(false);
    expect(isAllowed(ROUTE_ROLES['/goods-top'], agent({ agentLevel: 0, setTopAuthority: true }))).toBe(true);
    expect(isAllowed(ROUTE_ROLES['/goods-top'], agent({ agentLevel: 1, setTopAuthority: true }))).toBe(false);
  });
  it('shows zone configuration to the three fixed user ids only', () => {
    expect(isAllowed(ROUTE_ROLES['/zone-config'], agent({ userId: 10000 }))).toBe(true);
    expect(isAllowed(ROUTE_ROLES['/zone-config'], agent({ userId: 10003 }))).toBe(false);
  });
});

describe('taskFlags', () => {
  const open = [1, 2, 3, 4, 5].map((type) => ({ type: type as 1 | 2 | 3 | 4 | 5, finished: false }));
  it('sets a flag for each unfinished task', () => {
    expect(taskFlags(open, 2)).toEqual({
      needValidatePhone: true,
      needSetLoginPwd: true,
      needValidateIdentify: true,
      needSetWithdraw: true,
    });
  });
  it('ignores phone and identity tasks at level 0 and finished tasks', () => {
    expect(taskFlags(open, 0)).toMatchObject({ needValidatePhone: false, needValidateIdentify: false });
    const done = open.map((t) => ({ ...t, finished: true }));
    expect(Object.values(taskFlags(done, 3)).some(Boolean)).toBe(false);
  });
});
