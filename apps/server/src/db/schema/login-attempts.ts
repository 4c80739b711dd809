import { bigint, boolean, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every password check of the login call, for the captcha rule and the hourly cap. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 11 }).notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [
    index('login_attempts_phone_at_idx').on(t.phone, t.at),
    index('login_attempts_ip_at_idx').on(t.ip, t.at),
  ],
);
