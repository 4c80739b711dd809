import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** An uploaded ID photo: the file lives under a generated name in the private upload folder. */
export const idPhotos = pgTable(
  'id_photos',
  {
    /** Random, opaque: the id the form and the photo URL carry. */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['front', 'back', 'hold'] }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The file's name inside the upload folder (generated, never the client's). */
    storedName: text('stored_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('id_photos_account_id_idx').on(t.accountId)],
);

/**
 * An account's real-name identity (one per account). Name and ID number are AES-256-GCM encrypted
 * with a key kept outside the database; `id_no_hmac` makes "one ID number, one verified account"
 * enforceable without the plaintext.
 */
export const realNameRecords = pgTable(
  'real_name_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .unique()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 0 under review, 1 verified, 2 rejected. */
    status: smallint('status').notNull(),
    realNameEnc: text('real_name_enc').notNull(),
    idNoEnc: text('id_no_enc').notNull(),
    idNoHmac: text('id_no_hmac').notNull(),
    idFaceFront: text('id_face_front').notNull(),
    idFaceBack: text('id_face_back').notNull(),
    idFaceHold: text('id_face_hold').notNull(),
    rejectReason: text('reject_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewerId: integer('reviewer_id'),
  },
  (t) => [
    check('real_name_records_status_check', sql`${t.status} in (0, 1, 2)`),
    // One ID number can stand behind one account at a time (under review or verified).
    uniqueIndex('real_name_records_id_no_unique').on(t.idNoHmac).where(sql`${t.status} in (0, 1)`),
    index('real_name_records_status_idx').on(t.status, t.submittedAt),
  ],
);

/** The Alipay withdraw account (one per account), encrypted like the identity. */
export const withdrawAccounts = pgTable('withdraw_accounts', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  accountNoEnc: text('account_no_enc').notNull(),
  realNameEnc: text('real_name_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
