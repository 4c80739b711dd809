import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { fen, fenCheck } from '../money';
import { agents } from './agents';
import { orders } from './orders';
import { withdrawals } from './withdrawals';

/**
 * What a ledger entry records (issue 10 §2). `order_share` / `share_reversal`: an order's profit
 * share and its reversal; `withdraw_hold` / `withdraw_release` / `withdraw_paid` / `withdraw_fee`:
 * a withdrawal moving money from available to frozen, back, or out; `device_settlement`: a valid
 * device settlement; `adjustment`: the operator's correction with a reason.
 */
export const LEDGER_KINDS = [
  'order_share',
  'share_reversal',
  'withdraw_hold',
  'withdraw_release',
  'withdraw_paid',
  'withdraw_fee',
  'device_settlement',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Kinds whose available delta counts as income (total_income_fen, agent_income_days): shares, their
 * reversals, device settlements and the operator's adjustments (corrections of what an agent earned:
 * so 累计收益 = available + frozen + withdrawn + fees, docs/domain.md "Member finance").
 */
export const INCOME_KINDS: readonly LedgerKind[] = [
  'order_share',
  'share_reversal',
  'device_settlement',
  'adjustment',
];

/**
 * An agent's money, integer fen: what it may withdraw (`available`), what pending withdrawals hold
 * (`frozen`), and two running totals. Never written but by the finance service's `post`, in the
 * transaction that writes the ledger entries explaining the change; the CHECKs refuse a balance
 * below zero whatever the code does.
 */
export const financeAccounts = pgTable(
  'finance_accounts',
  {
    agentId: integer('agent_id')
      .primaryKey()
      .references(() => agents.id),
    availableFen: fen('available_fen').notNull().default(0),
    frozenFen: fen('frozen_fen').notNull().default(0),
    /** Shares and device settlements credited, reversals taken back. */
    totalIncomeFen: fen('total_income_fen').notNull().default(0),
    /** Paid withdrawals (`withdraw_paid`), fees not included. */
    totalWithdrawnFen: fen('total_withdrawn_fen').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    fenCheck('finance_accounts_available_range', t.availableFen, { nonNegative: true }),
    fenCheck('finance_accounts_frozen_range', t.frozenFen, { nonNegative: true }),
    fenCheck('finance_accounts_total_income_range', t.totalIncomeFen, { nonNegative: true }),
    fenCheck('finance_accounts_total_withdrawn_range', t.totalWithdrawnFen, { nonNegative: true }),
  ],
);

/**
 * The append-only ledger: every change of a finance account, with the balances after it. A
 * trigger (migration `finance_ledger_append_only`) refuses UPDATE and DELETE. An account's
 * available (frozen) balance is the sum of its entries' available (frozen) deltas, always.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    availableDeltaFen: fen('available_delta_fen').notNull(),
    frozenDeltaFen: fen('frozen_delta_fen').notNull(),
    availableAfterFen: fen('available_after_fen').notNull(),
    frozenAfterFen: fen('frozen_after_fen').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** The profit allocation an `order_share` or `share_reversal` books (profit_allocations.id). */
    allocationId: bigint('allocation_id', { mode: 'number' }),
    /** The withdrawal a `withdraw_*` entry moves money for (its hold, release, payout, fee). */
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }).references(() => withdrawals.id),
    deviceSettlementId: bigint('device_settlement_id', { mode: 'number' }),
    reason: varchar('reason', { length: 200 }),
    /** Who caused it (the operator of an adjustment, the agent applying); null for the system. */
    actorAgentId: integer('actor_agent_id').references(() => agents.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('order_share', 'share_reversal', 'withdraw_hold', 'withdraw_release', 'withdraw_paid', 'withdraw_fee', 'device_settlement', 'adjustment')`,
    ),
    fenCheck('ledger_entries_available_delta_range', t.availableDeltaFen),
    fenCheck('ledger_entries_frozen_delta_range', t.frozenDeltaFen),
    fenCheck('ledger_entries_available_after_range', t.availableAfterFen, { nonNegative: true }),
    fenCheck('ledger_entries_frozen_after_range', t.frozenAfterFen, { nonNegative: true }),
    check('ledger_entries_moves_check', sql`${t.availableDeltaFen} <> 0 or ${t.frozenDeltaFen} <> 0`),
    /** An agent's entries, newest first (资金明细). */
    index('ledger_entries_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    /**
     * Every entry, newest first: the operator's whole ledger and subtrees (资金明细). The agent is
     * a key column after the order's (which is unique already) so that a subtree's page reads the
     * index alone, its agent checked in the index entry, not in the table.
     */
    index('ledger_entries_created_idx').on(t.createdAt, t.id, t.agentId),
    index('ledger_entries_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('ledger_entries_withdrawal_idx').on(t.withdrawalId).where(sql`${t.withdrawalId} is not null`),
    /** A device settlement is booked once (issue 10 §4). */
    uniqueIndex('ledger_entries_device_settlement_unique')
      .on(t.deviceSettlementId)
      .where(sql`${t.deviceSettlementId} is not null`),
    /** An allocation is booked once and reversed once: a second settlement run is a no-op. */
    uniqueIndex('ledger_entries_allocation_kind_unique')
      .on(t.allocationId, t.kind)
      .where(sql`${t.allocationId} is not null`),
  ],
);

/** The columns of a ledger rollup's row beside its key: the day, the kind and their figures. */
const dayFigures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
  entryCount: integer('entry_count').notNull(),
  availableFen: fen('available_fen').notNull(),
  frozenFen: fen('frozen_fen').notNull(),
  availableInFen: fen('available_in_fen').notNull(),
  availableOutFen: fen('available_out_fen').notNull(),
});

/**
 * The ledger by agent, China day and kind: how many entries, what they moved the available and
 * the frozen balance by, and the available balance's ups (`available_in_fen`) and downs
 * (`available_out_fen`, ≥ 0) apart. Written only by the finance service's `post`, in the
 * transaction that appends the entries (one grouped upsert in key order, rows of the agents whose
 * accounts the post has locked), so a range of whole days over a subtree reads at most
 * agents × days × kinds rows, whatever the number of entries: 成员财务's income in a range (the
 * available sums of INCOME_KINDS), 资金明细's totals and count. Tests compare it with the entries.
 */
export const ledgerAgentDays = pgTable(
  'ledger_agent_days',
  { agentId: integer('agent_id').notNull(), ...dayFigures() },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.kind] })],
);

/**
 * The ledger by node of the agent tree, China day and kind: the sums of `ledger_agent_days` over
 * the node's whole subtree (itself included, by `agent_ancestry`; a parent never changes, so an
 * entry's nodes never do). Written by `post` beside the agent days, in the same transaction (one
 * grouped upsert in key order), so a subtree's figures over a range of whole days read at most
 * days × kinds rows, whatever the size of the subtree: 资金明细's subtree count and totals, the
 * income of 成员财务's totals. Tests compare it with the entries.
 */
export const ledgerNodeDays = pgTable(
  'ledger_node_days',
  { nodeId: integer('node_id').notNull(), ...dayFigures() },
  (t) => [primaryKey({ columns: [t.nodeId, t.day, t.kind] })],
);

/**
 * An agent's income (the available sums of INCOME_KINDS) by China day, with its running total:
 * `income_to_date_fen` is the agent's income from its first entry to the end of the day, so the
 * income of any range of whole days is the difference of two rows per agent (the range's last day,
 * the day before its first), not the sum of every day between (成员财务 sorted by a range's income:
 * 6,000 agents × 30 days of `ledger_agent_days`). Written by `post` in the transaction of its
 * entries (the day's row added to, every later row of the agent moved by the same amount: a post
 * stamped before midnight that commits after it), and carried forward by the day opener
 * (`finance.openDays`): every agent that has a row gets one for each new day, at zero income, so a
 * day's rows are one index range of `(day, agent_id)` for all agents. A reader that finds no row
 * for an agent on a day reads its latest row before (the opener late, or not run yet): the rows
 * make it fast, never change the figure. Tests compare it with the entries.
 */
export const ledgerIncomeDays = pgTable(
  'ledger_income_days',
  {
    agentId: integer('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    incomeFen: fen('income_fen').notNull(),
    incomeToDateFen: fen('income_to_date_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.day] }),
    /** A day's running totals of every agent, read from the index alone. */
    index('ledger_income_days_day_idx').on(t.day, t.agentId, t.incomeToDateFen),
  ],
);

/**
 * The days the day opener has carried every agent's running total into (`ledger_income_days`):
 * the next day it opens is the one after the last here.
 */
export const ledgerIncomeOpenedDays = pgTable('ledger_income_opened_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type FinanceAccountRow = typeof financeAccounts.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * The ratios an agent had from `valid_from` on (issue 10 §1): every change of its base ratio,
 * proportion or game ratios (the agents service's create and update) writes a snapshot in the
 * same transaction: one base row (`game_id` null: base ratio and proportion) and one row per game
 * with a special ratio, pointing at the base row of the snapshot (`base_id`). A share uses the
 * snapshot in force at the order's completion time.
 */
export const agentRatioHistory = pgTable(
  'agent_ratio_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** Null: the base row of a snapshot. */
    gameId: integer('game_id'),
    /** The base row this game row belongs to (null on a base row). */
    baseId: bigint('base_id', { mode: 'number' }),
    profitRatio: integer('profit_ratio').notNull(),
    /** Base rows only. */
    proportion: integer('proportion'),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('agent_ratio_history_profit_ratio_check', sql`${t.profitRatio} between 0 and 10000`),
    check(
      'agent_ratio_history_shape_check',
      sql`(${t.gameId} is null and ${t.baseId} is null and ${t.proportion} between 0 and 10000)
        or (${t.gameId} is not null and ${t.baseId} is not null and ${t.proportion} is null)`,
    ),
    index('agent_ratio_history_agent_idx').on(t.agentId, t.validFrom, t.id),
  ],
);

export const ALLOCATION_PARTS = ['base', 'price_increase'] as const;
export type AllocationPart = (typeof ALLOCATION_PARTS)[number];

/**
 * The profit split of an order (分润): one row per (order, generation, agent of its frozen chain,
 * part), with the ratio used and the amount, integer fen. Written once, never changed: a reversal
 * is a pair of ledger entries (`share_reversal`), a new booking a new generation.
 */
export const profitAllocations = pgTable(
  'profit_allocations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    generation: integer('generation').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    agentLevel: integer('agent_level').notNull(),
    part: text('part', { enum: ALLOCATION_PARTS }).notNull(),
    /** The effective ratio (base part) or proportion (price-increase part) used, in 1/10000. */
    ratio: integer('ratio').notNull(),
    /** What the part was computed from: the order's amount without, or only, the price increase. */
    partFen: fen('part_fen').notNull(),
    amountFen: fen('amount_fen').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('profit_allocations_part_check', sql`${t.part} in ('base', 'price_increase')`),
    check('profit_allocations_ratio_check', sql`${t.ratio} between 0 and 10000`),
    fenCheck('profit_allocations_part_fen_range', t.partFen, { nonNegative: true }),
    fenCheck('profit_allocations_amount_fen_range', t.amountFen, { nonNegative: true }),
    uniqueIndex('profit_allocations_unique').on(t.orderId, t.generation, t.agentId, t.part),
  ],
);

/**
 * An order's settlement state: the last generation of allocations written and whether it is
 * booked (credited and not reversed). Moved only by the settlement step, with the entries.
 */
export const orderSettlements = pgTable('order_settlements', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  generation: integer('generation').notNull(),
  booked: boolean('booked').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The orders whose settled state may have changed: written by statement triggers on `orders`
 * (migration `finance_settle_queue_trigger`) in the transaction that changes them, emptied by the
 * settlement step. Narrow, so finding work costs what is queued, not the orders.
 */
export const financeSettleQueue = pgTable(
  'finance_settle_queue',
  {
    orderId: integer('order_id').primaryKey(),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Not tried before (an order whose reversal waits for the money, see docs/domain.md). */
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('finance_settle_queue_due_idx').on(t.notBefore, t.orderId)],
);

export type AgentRatioHistoryRow = typeof agentRatioHistory.$inferSelect;
export type ProfitAllocationRow = typeof profitAllocations.$inferSelect;
