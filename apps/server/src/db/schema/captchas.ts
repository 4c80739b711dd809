import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An issued image captcha: its answer only as a hash, single use, short-lived. */
export const captchas = pgTable(
  'captchas',
  {
    key: text('key').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** The address that asked for it: images are rate-limited per address. */
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('captchas_expires_at_idx').on(t.expiresAt),
    index('captchas_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);
