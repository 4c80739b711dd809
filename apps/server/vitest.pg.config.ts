import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { findPostgresBinaries, findPostgresServer, PG_SKIPPED_MESSAGE } from './test/postgres.ts';

/**
 * The same API tests (`*.routes.test.ts`) on PostgreSQL: a server at PG_TEST_URL or 127.0.0.1:5432,
 * else a throwaway cluster from the local binaries (test/pg-global-setup.ts), else skipped.
 */
export default defineProject(async (): Promise<UserWorkspaceConfig> => {
  const available = findPostgresBinaries() !== null || (await findPostgresServer()) !== null;
  if (!available) console.warn(PG_SKIPPED_MESSAGE);
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      name: 'server-pg',
      environment: 'node',
      include: available ? ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'] : ['test/pg-skipped.test.ts'],
      globalSetup: available ? ['test/pg-global-setup.ts'] : [],
      provide: { testDb: 'pg', pgAdminUrl: '', pgliteTemplate: '' },
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
});
