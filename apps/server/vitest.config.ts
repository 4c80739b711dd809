import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The server on PGlite (in memory, one database per test file): every test of the server.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/pglite-global-setup.ts'],
    provide: { testDb: 'pglite', pgAdminUrl: '', pgliteTemplate: '' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
