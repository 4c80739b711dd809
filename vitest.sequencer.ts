import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, in seconds (quiet 2-core machine, three workers, 2026-11-28), by
 * project and path. A fresh clone has no timings cached, and vitest would then run the projects
 * one after another in glob order: the crash test on PostgreSQL would start last and finish alone.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'server:apps/server/src/server-crash.db.test.ts': 145,
  'server:apps/server/src/modules/finance/ledger-model.db.test.ts': 72,
  'server-pg:apps/server/src/server-crash.db.test.ts': 67,
  'server:apps/server/src/modules/agents/agent-scope.routes.test.ts': 54,
  'server-pg:apps/server/src/modules/finance/ledger-model.db.test.ts': 38,
  'server:apps/server/src/server.test.ts': 33,
  'server:apps/server/src/modules/auth/captcha-image.test.ts': 28,
  'server-pg:apps/server/src/modules/agents/agent-scope.routes.test.ts': 22,
};

/**
 * Longest first, across projects, so the long files overlap the many short ones: each file by its
 * time in the last run on this machine (vitest's cache) when there is one, else by the table
 * above, else by its size (about 2 KB of test file a second, a fair guess).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (cached) return cached.duration / 1000;
      return MEASURED_SECONDS[key] ?? statSync(spec.moduleId).size / 2000;
    };
    const weights = new Map(files.map((spec) => [spec, seconds(spec)]));
    return [...files].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
  }
}
