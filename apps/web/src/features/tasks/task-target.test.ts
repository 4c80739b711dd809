import { describe, expect, it } from 'vitest';
import { pendingTasks, taskTarget } from './task-target';

describe('taskTarget', () => {
  it('sends level 0 to the personal center for identity and to basic settings for content configuration', () => {
    expect(taskTarget(3, 0)).toBe('/user-center');
    expect(taskTarget(5, 0)).toBe('/setting');
  });

  it('sends the account-security tasks to the personal center at every level', () => {
    for (const level of [0, 1, 3, 5]) {
      for (const type of [1, 2, 3, 4] as const) expect(taskTarget(type, level)).toBe('/user-center');
    }
  });

  it('has nowhere to send content configuration below level 0', () => {
    expect(taskTarget(5, 1)).toBeNull();
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
