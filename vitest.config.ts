import { defineConfig } from 'vitest/config';

// One vitest run over every workspace; each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web',
      'apps/web/vitest.build.config.ts',
    ],
  },
});
