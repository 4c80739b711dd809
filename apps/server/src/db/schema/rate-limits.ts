import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters (`modules/rate-limit`): one row per bucket (a rule and whom it
 * counts, e.g. `phone-lookup:m:203.0.113.7`) and window, bumped by one atomic upsert per request.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_counters_window_start_idx').on(t.windowStart),
  ],
);
