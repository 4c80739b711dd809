import { describe, expect, it } from 'vitest';
import { pendingTasks, taskAction } from './task-target';

describe('taskAction', () => {
  it('opens phone verification for task 1 and the login password dialog for task 2', () => {
    for (const level of [0, 1, 3, 5]) {
      expect(taskAction(1, level)).toEqual({ kind: 'dialog', dialog: 'verifyPhone' });
      expect(taskAction(2, level)).toEqual({ kind: 'dialog', dialog: 'loginPassword' });
    }
  });

  it('sends level 0 to the personal center for identity and opens the identity dialog below', () => {
    expect(taskAction(3, 0)).toEqual({ kind: 'navigate', to: '/user-center' });
    for (const level of [1, 2, 3, 4, 5]) {
      expect(taskAction(3, level)).toEqual({ kind: 'dialog', dialog: 'identity' });
    }
  });

  it('opens the withdraw dialog for task 4 at every level', () => {
    for (const level of [0, 1, 5])
      expect(taskAction(4, level)).toEqual({ kind: 'dialog', dialog: 'withdraw' });
  });

  it('sends level 0 to basic settings for content configuration and has nowhere to send the others', () => {
    expect(taskAction(5, 0)).toEqual({ kind: 'navigate', to: '/setting' });
    expect(taskAction(5, 1)).toBeNull();
  });
});

describe('pendingTasks', () => {
  it('keeps the unfinished tasks in type order', () => {
    expect(
      pendingTasks([
        { type: 4, finished: false },
        { type: 1, finished: true },
        { type: 2, finished: false },
      ]),
    ).toEqual([
      { type: 2, finished: false },
      { type: 4, finished: false },
    ]);
  });
});
