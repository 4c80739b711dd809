import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secondary indexes dropped for a bulk load into empty tables and not yet built again
 * (db/deferred-indexes.ts): the row is written in the transaction that drops the index, and deleted
 * in the one that builds it, so an index is always either in the schema or here, whenever the
 * process dies. `Database.migrate` builds what it finds here before it applies the migrations.
 */
export const deferredIndexes = pgTable('deferred_indexes', {
  /** The index's name (unique in the schema). */
  name: text('name').primaryKey(),
  /** Its `create index` statement, as `pg_indexes.indexdef` gives it. */
  definition: text('definition').notNull(),
  deferredAt: timestamp('deferred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
