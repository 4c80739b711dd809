import { defineConfig } from 'vitest/config';

// One vitest run over every workspace; each workspace keeps its own config.
export default defineConfig({
  test: {
    // The API tests wait on the database more than they compute: on the 2-core machines three
    // workers keep both cores busy (a whole run 779 s → 512 s, measured 2026-11-26).
    maxWorkers: 3,
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web',
      'apps/web/vitest.build.config.ts',
    ],
  },
});
