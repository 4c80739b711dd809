import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer';

// One vitest run over every workspace; each workspace keeps its own config.
/**
 * React's scheduler frames that run a task after jsdom's teardown (window gone): the error they
 * throw then is forgiven (docs/testing.md), whichever of them runs the task.
 */
const SCHEDULER_FRAMES = ['performWorkOnRootViaSchedulerTask', 'performWorkUntilDeadline'];

export default defineConfig({
  test: {
    // The API tests wait on the database more than they compute: on the 2-core machines three
    // workers keep both cores busy (a whole run 779 s → 512 s, measured 2026-11-26).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    // React's scheduler can run a task left by a test file's last render after jsdom's teardown
    // has removed `window` (seen on loaded machines, from the security dialogs' host test, every
    // assertion of the file already passed). Only that error is dropped: the task reads
    // `window.event` in react-dom's scheduler entry; anything else still fails the run.
    onUnhandledError(error) {
      const afterTeardown =
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        SCHEDULER_FRAMES.some(
          (frame) =>
            (error.stack ?? '').includes(frame) ||
            ('stacks' in error && (error.stacks ?? []).some((s) => s.method.endsWith(frame))),
        );
      if (afterTeardown) return false;
    },
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web',
      'apps/web/vitest.build.config.ts',
    ],
  },
});
