import { loadConfig } from './config';
import { createDb } from './db/client';
import { lockDataDir } from './main';
import { loadRegions } from './modules/regions/region-tree';
import { createStatsRepository } from './modules/stats/stats.repository';
import { createStatsService } from './modules/stats/stats.service';
import { systemClock } from './shared/clock';

/**
 * `npm run stats:rebuild`: empties the summary statistics' rollups and counts every day and month
 * that holds a record again from the orders, players, device days and ledger (the catch-up's own
 * statements over every period), on the database the server is configured with. The server may
 * run meanwhile on PostgreSQL (a period is counted under its lock); a PGlite folder is locked by
 * one process, so stop the server first.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const lock = lockDataDir(config);
  const db = await createDb(config.database);
  try {
    await db.migrate();
    const stats = createStatsService({
      db,
      repo: createStatsRepository(db),
      regions: loadRegions(),
      clock: systemClock,
    });
    const t0 = performance.now();
    const { periods } = await stats.rebuild();
    process.stdout.write(
      `summary statistics rebuilt: ${periods} days and months counted in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await db.close();
    lock?.release();
  }
}

await main();
