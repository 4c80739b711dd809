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
    // The files of a worker share its module graph: each file opens its own database and builds its
    // own app (test/build-test-app.ts), and nothing of the server's code keeps state between apps.
    // Importing the server again for every file was a third of the suite's time (docs/testing.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
