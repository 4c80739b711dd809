import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import {
  findPostgresBinaries,
  findPostgresServer,
  PG_REQUIRED_MESSAGE,
  PG_SKIPPED_MESSAGE,
  postgresRequired,
} from './test/postgres.ts';

/**
 * The API tests (`*.routes.test.ts`) and the engine tests (`*.db.test.ts`) again on PostgreSQL: a server at PG_TEST_URL or 127.0.0.1:5432,
 * else a throwaway cluster from the local binaries (test/pg-global-setup.ts), else skipped; but
 * with REQUIRE_POSTGRES=1 (CI) finding none is an error that fails the run.
 */
export default defineProject(async (): Promise<UserWorkspaceConfig> => {
  const available = findPostgresBinaries() !== null || (await findPostgresServer()) !== null;
  if (!available) {
    if (postgresRequired()) throw new Error(PG_REQUIRED_MESSAGE);
    console.warn(PG_SKIPPED_MESSAGE);
  }
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      name: 'server-pg',
      environment: 'node',
      include: available ? ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'] : ['test/pg-skipped.test.ts'],
      globalSetup: available ? ['test/pg-global-setup.ts'] : [],
      provide: { testDb: 'pg', pgAdminUrl: '', pgliteTemplate: '' },
      // The files of a worker share its module graph: each file opens its own database and builds its
      // own app (test/build-test-app.ts), and nothing of the server's code keeps state between apps.
      // Importing the server again for every file was a third of the suite's time (docs/testing.md).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
});
