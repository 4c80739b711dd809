import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * `pending` until delivered (`sent`); `failed` when its attempts ran out or its caller gave up on
 * it; `expired` when it was still pending at its `expires_at`.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'expired'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * External effects (an SMS to a gateway today, payouts tomorrow), written in the transaction that
 * decides them and delivered after it commits (modules/outbox, docs/operations.md). Not to be
 * confused with `sms_outbox`, the mailbox of the built-in SMS provider.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Which handler delivers it (`sms`, …). */
    topic: text('topic').notNull(),
    /** Sent with every delivery attempt so the receiver does the effect once; unique. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The handler's input, as JSON (secrets in it are sealed by the writer). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    /** Delivery attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    /** A pending row is not tried before this time: the lease of its writer or of the attempt under way, or the backoff after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A row still pending then is expired instead of delivered (an SMS code's lifetime). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_key_unique').on(t.idempotencyKey),
    index('outbox_pending_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_updated_at_idx').on(t.updatedAt),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'expired')`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
