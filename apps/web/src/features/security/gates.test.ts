import type { UnfinishedTask } from '@agent-console/contract/task';
import { describe, expect, it } from 'vitest';
import { type GateState, gateOf, isFirstRealNameSubmission, type SecurityDialog } from './gates';

const tasks = (open: number[]): UnfinishedTask[] =>
  ([1, 2, 3, 4] as const).map((type) => ({ type, finished: !open.includes(type) }));

const state = (overrides: Partial<GateState> = {}): GateState => ({
  agentLevel: 3,
  tasks: tasks([]),
  realNameStatus: 1,
  ...overrides,
});

const identity: SecurityDialog = { kind: 'identity' };
const loginPassword: SecurityDialog = { kind: 'password', mode: 'login' };
const payPassword: SecurityDialog = { kind: 'password', mode: 'pay' };
const withdraw: SecurityDialog = { kind: 'withdraw' };

describe('gateOf', () => {
  it('asks identity, password and withdraw dialogs to verify the phone first', () => {
    const fresh = state({ tasks: tasks([1, 2, 3, 4]), realNameStatus: null });
    for (const dialog of [identity, loginPassword, payPassword, withdraw]) {
      expect(gateOf(dialog, fresh)).toBe('verifyPhone');
    }
  });

  it('never gates phone verification or the phone change', () => {
    const fresh = state({ tasks: tasks([1, 2, 3, 4]), realNameStatus: null });
    expect(gateOf({ kind: 'verifyPhone' }, fresh)).toBe('open');
    expect(gateOf({ kind: 'changePhone' }, fresh)).toBe('open');
  });

  it('opens identity and password dialogs once the phone is verified, whatever the identity', () => {
    const phoneOnly = state({ tasks: tasks([2, 3, 4]), realNameStatus: null });
    expect(gateOf(identity, phoneOnly)).toBe('open');
    expect(gateOf(loginPassword, phoneOnly)).toBe('open');
    expect(gateOf(payPassword, phoneOnly)).toBe('open');
  });

  it('checks the withdraw dialog against the phone, then the identity', () => {
    expect(gateOf(withdraw, state({ tasks: tasks([1, 3]), realNameStatus: 0 }))).toBe('verifyPhone');
    expect(gateOf(withdraw, state({ tasks: tasks([4]), realNameStatus: 0 }))).toBe('underReview');
    expect(gateOf(withdraw, state({ tasks: tasks([3, 4]), realNameStatus: null }))).toBe('realName');
    expect(gateOf(withdraw, state({ tasks: tasks([3, 4]), realNameStatus: 2 }))).toBe('realName');
    expect(gateOf(withdraw, state({ tasks: tasks([4]), realNameStatus: 1 }))).toBe('open');
  });

  it('checks a withdrawal like the withdraw dialog, then asks for the withdraw account and password', () => {
    const apply: SecurityDialog = { kind: 'withdrawApply' };
    expect(gateOf(apply, state({ tasks: tasks([1, 3, 4]), realNameStatus: null }))).toBe('verifyPhone');
    expect(gateOf(apply, state({ tasks: tasks([4]), realNameStatus: 0 }))).toBe('underReview');
    expect(gateOf(apply, state({ tasks: tasks([3, 4]), realNameStatus: null }))).toBe('realName');
    expect(gateOf(apply, state({ tasks: tasks([4]), realNameStatus: 1 }))).toBe('withdrawInfo');
    expect(gateOf(apply, state({ tasks: tasks([]), realNameStatus: 1 }))).toBe('open');
    // Level 0: no phone or identity gate, the withdraw information still.
    expect(gateOf(apply, state({ agentLevel: 0, tasks: tasks([1, 3, 4]), realNameStatus: null }))).toBe(
      'withdrawInfo',
    );
  });

  it('applies neither the phone nor the identity gate to level 0', () => {
    const operator = state({ agentLevel: 0, tasks: tasks([1, 2, 3, 4]), realNameStatus: null });
    for (const dialog of [identity, loginPassword, payPassword, withdraw])
      expect(gateOf(dialog, operator)).toBe('open');
  });
});

describe('isFirstRealNameSubmission', () => {
  it('adds when no status exists and modifies otherwise', () => {
    expect(isFirstRealNameSubmission(null)).toBe(true);
    expect(isFirstRealNameSubmission(undefined)).toBe(true);
    expect(isFirstRealNameSubmission(2)).toBe(false);
    expect(isFirstRealNameSubmission(0)).toBe(false);
  });
});
