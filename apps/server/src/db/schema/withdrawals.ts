import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { fen, fenCheck } from '../money';
import { agents } from './agents';

/**
 * A withdrawal (issue 10 §3). `stage` is where it stands (pending → approved → paid, or cancelled,
 * rejected, failed); `status` is the spec's (-1 processing, 1 success, 0 cancelled, 2 failed),
 * always the one of its stage (CHECK). Every change of stage is a compare-and-set on the stage in
 * SQL, so two decisions racing on one withdrawal cannot both win. The Alipay account and the real
 * name are copied (encrypted with the data key) when the agent applies.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    amountFen: fen('amount_fen').notNull(),
    feeFen: fen('fee_fen').notNull(),
    channel: text('channel').notNull(),
    accountNoEnc: text('account_no_enc').notNull(),
    realNameEnc: text('real_name_enc').notNull(),
    stage: text('stage', {
      enum: ['pending', 'approved', 'paid', 'cancelled', 'rejected', 'failed'],
    }).notNull(),
    status: smallint('status').notNull(),
    reason: text('reason'),
    /** The adapter that takes the payout, and its reference of the transfer. */
    payoutAdapter: text('payout_adapter'),
    payoutRef: text('payout_ref'),
    /** When the adapter took the payout (for the manual adapter: recorded for the operator). */
    payoutRecordedAt: timestamp('payout_recorded_at', { withTimezone: true, mode: 'date' }),
    reviewerAgentId: integer('reviewer_agent_id').references(() => agents.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    fenCheck('withdrawals_amount_range', t.amountFen, { nonNegative: true }),
    fenCheck('withdrawals_fee_range', t.feeFen, { nonNegative: true }),
    check('withdrawals_amount_positive', sql`${t.amountFen} > 0 and ${t.feeFen} < ${t.amountFen}`),
    check(
      'withdrawals_stage_status_check',
      sql`(${t.stage}, ${t.status}) in (('pending', -1), ('approved', -1), ('paid', 1), ('cancelled', 0), ('rejected', 2), ('failed', 2))`,
    ),
    index('withdrawals_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    index('withdrawals_stage_created_idx').on(t.stage, t.createdAt),
  ],
);

/** Every decision on a withdrawal: who, when, what, the stage before and after. Append-only. */
export const withdrawalAudit = pgTable(
  'withdrawal_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    actorAgentId: integer('actor_agent_id')
      .notNull()
      .references(() => agents.id),
    action: text('action', { enum: ['apply', 'cancel', 'approve', 'reject', 'paid', 'failed'] }).notNull(),
    stageBefore: text('stage_before'),
    stageAfter: text('stage_after').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('withdrawal_audit_withdrawal_idx').on(t.withdrawalId, t.id)],
);
