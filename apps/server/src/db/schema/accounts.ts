import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A login. Its id is the user id the console shows; ids start at 10000 (the operator). */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    mobilePhone: varchar('mobile_phone', { length: 11 }).notNull().unique(),
    /** argon2id of the client's MD5 hex digest of the password. */
    loginPasswordHash: text('login_password_hash').notNull(),
    /** False while the account still has the initial password it was given (task 2). */
    loginPasswordSet: boolean('login_password_set').notNull().default(false),
    /**
     * When the login password was last set (changed, or reset by SMS): login failures before it no
     * longer count against the phone, so the owner can lift a lock-out by resetting the password.
     */
    loginPasswordChangedAt: timestamp('login_password_changed_at', { withTimezone: true, mode: 'date' }),
    /** argon2id of the withdraw (pay) password digest; null until set. */
    payPasswordHash: text('pay_password_hash'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('accounts_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('accounts_mobile_phone_check', sql`${t.mobilePhone} ~ '^1[3-9][0-9]{9}$'`),
    /** "Phone ends with" filters (pg_trgm). */
    index('accounts_mobile_phone_trgm_idx').using('gin', t.mobilePhone.op('gin_trgm_ops')),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
