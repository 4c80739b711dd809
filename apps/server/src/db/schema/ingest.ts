import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents';

/**
 * A key of the rental platform's ingestion API. The secret signs requests (HMAC-SHA256), so it is
 * kept recoverable: encrypted with the data key, shown once when created. Keys given in the
 * environment (`INGEST_KEYS`) are not stored here.
 */
export const ingestKeys = pgTable('ingest_keys', {
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdBy: integer('created_by').references(() => agents.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
});

export const INGEST_EVENT_STATES = ['applied', 'pending', 'rejected'] as const;

/**
 * Every event the platform sent, by its id: a replay is recognised (`payload_hash`), an event
 * that cannot apply yet (its order or player has not arrived) waits as 'pending' on the key it
 * needs (`waits_for`, e.g. `order:NO123`) and is applied when that record arrives. No index on
 * `received_at`: no query reads the events by time.
 */
export const ingestEvents = pgTable(
  'ingest_events',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    type: varchar('type', { length: 40 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The payload, kept while the event must be applied later (pending) or may be looked at
     * (rejected). An applied event's content lives on in the records it wrote, and its hash
     * answers a replay or a conflicting reuse of its id: its payload is not stored (null).
     */
    payload: jsonb('payload'),
    /** SHA-256 (hex) of the event's canonical JSON (type, occurredAt, payload). */
    payloadHash: varchar('payload_hash', { length: 64 }).notNull(),
    state: text('state', { enum: INGEST_EVENT_STATES }).notNull(),
    waitsFor: varchar('waits_for', { length: 80 }),
    reason: text('reason'),
    keyId: varchar('key_id', { length: 32 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('ingest_events_state_check', sql`${t.state} in ('applied', 'pending', 'rejected')`),
    check('ingest_events_payload_check', sql`${t.state} = 'applied' or ${t.payload} is not null`),
    index('ingest_events_waits_for_idx').on(t.waitsFor).where(sql`${t.state} = 'pending'`),
  ],
);
