import { defineConfig } from 'vitest/config';

// One vitest run over every workspace; each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
