import {
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * An SMS code that was sent: its code only as an HMAC, bound to the phone and the type, single use.
 * Every send is a row, so the send limits (per phone, per address) count these rows.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mobilePhone: varchar('mobile_phone', { length: 11 }).notNull(),
    smsType: text('sms_type').notNull(),
    /** HMAC-SHA256 (server secret) of phone, type and code. */
    codeHash: text('code_hash').notNull(),
    /** The client's captcha token (a UUID): one send per token. */
    ctoken: text('ctoken').notNull(),
    ip: text('ip').notNull().default(''),
    /** The signed-in caller that asked for it, if any. */
    accountId: integer('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * Checks taken: each comparison takes one first, in one statement bounded by the maximum, so
     * parallel guesses never compare more than that; a right code then closes the row.
     */
    wrongTries: smallint('wrong_tries').notNull().default(0),
    /** Used, replaced by a newer code, or dead after too many wrong tries: no longer accepted. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sms_codes_ctoken_unique').on(t.ctoken),
    index('sms_codes_phone_type_idx').on(t.mobilePhone, t.smsType, t.createdAt),
    index('sms_codes_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/** The default SMS provider's delivery: every message, readable by the operator. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mobilePhone: varchar('mobile_phone', { length: 11 }).notNull(),
    smsType: text('sms_type').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The delivery's idempotency key: a message delivered twice (a retry) is stored once. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('sms_outbox_created_at_idx').on(t.createdAt),
    uniqueIndex('sms_outbox_idempotency_key_unique').on(t.idempotencyKey),
  ],
);
