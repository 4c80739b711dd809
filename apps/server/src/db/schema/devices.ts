import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { agentChainColumns, chainIndexes } from '../agent-chain';
import { fen, fenCheck } from '../money';
import { agents } from './agents';
import { netBars } from './net-bars';

/**
 * A device (terminal, one PC) of a net bar that reported activity on a day (China time): the
 * source of 有效设备统计 (valid devices per bar and month). One row per device and day.
 */
export const deviceActiveDays = pgTable(
  'device_active_days',
  {
    netBarId: integer('net_bar_id')
      .notNull()
      .references(() => netBars.id),
    /** The platform's id of the device within its bar. */
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Minutes the device was active that day. */
    activeMinutes: integer('active_minutes').notNull().default(0),
    ...agentChainColumns({ copied: true }),
  },
  (t) => [
    primaryKey({ columns: [t.netBarId, t.day, t.deviceCode] }),
    check('device_active_days_minutes_check', sql`${t.activeMinutes} between 0 and 1440`),
    ...chainIndexes('device_active_days', t, t.day),
  ],
);

/**
 * The monthly rollup of `device_active_days` (有效设备统计): per device and China month, the days
 * it was active at least DEVICE_DAY_MIN_MINUTES minutes (`active_days`) and the days it reported
 * anything (`reported_days`), with its net bar's chain. Written by ingestion in the statement
 * after the device days, recomputed from them for every (bar, month, device) a batch touches, so
 * it always equals the direct count (a test compares them). `id` is the list pipeline's key.
 */
export const deviceMonths = pgTable(
  'device_months',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    netBarId: integer('net_bar_id').notNull(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    activeDays: integer('active_days').notNull(),
    reportedDays: integer('reported_days').notNull(),
    ...agentChainColumns({ copied: true }),
  },
  (t) => [
    uniqueIndex('device_months_key_unique').on(t.netBarId, t.month, t.deviceCode),
    index('device_months_agent_month_idx').on(t.agentId, t.month),
    check(
      'device_months_days_check',
      sql`${t.activeDays} between 0 and ${t.reportedDays} and ${t.reportedDays} between 1 and 31`,
    ),
    check('device_months_month_check', sql`extract(day from ${t.month}) = 1`),
    ...chainIndexes('device_months', t, t.month),
  ],
);

/** `device_agent_months.devices_by_days`: one count per number of active days, 0 to 31. */
export const DAYS_BUCKETS = 32;

/**
 * The agent-month rollup of `device_months` (the rows of 有效设备统计): per signing agent and
 * China month, its net bars with a device that month, its devices, and those devices counted by
 * their active days (`devices_by_days[d + 1]`: the devices active on d days of the month), so the
 * valid devices under any rule N are a sum of at most 32 buckets and a page of agent months is an
 * index range. Written by ingestion in the statements after the device months, recounted from them
 * for every agent month a batch touches (a test compares it with the direct count). The chain is
 * the device months' own (their net bar's).
 */
export const deviceAgentMonths = pgTable(
  'device_agent_months',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    netBarCount: integer('net_bar_count').notNull(),
    deviceCount: integer('device_count').notNull(),
    devicesByDays: integer('devices_by_days').array().notNull(),
    ...agentChainColumns({ copied: true }),
  },
  (t) => [
    uniqueIndex('device_agent_months_agent_month_unique').on(t.agentId, t.month),
    index('device_agent_months_month_idx').on(t.month, t.agentId),
    // At least 0, not 1: PostgreSQL checks an upsert's proposed row (ingestion's increments,
    // often 0 bars and 0 devices) before it finds the conflict.
    check(
      'device_agent_months_counts_check',
      sql`${t.netBarCount} between 0 and ${t.deviceCount} and cardinality(${t.devicesByDays}) = ${sql.raw(String(DAYS_BUCKETS))}`,
    ),
    check('device_agent_months_month_check', sql`extract(day from ${t.month}) = 1`),
    ...chainIndexes('device_agent_months', t, t.month, t.agentId),
  ],
);

/**
 * A settled agent month (有效设备结算): written once, with its `device_settlement` ledger entry, in
 * one transaction; never updated (a correction is the operator's adjustment). The figures and the
 * rule are frozen as they were when it was settled. One per agent and month (the unique key makes
 * settling twice, also concurrently, change nothing).
 */
export const deviceSettlements = pgTable(
  'device_settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    month: date('month', { mode: 'string' }).notNull(),
    netBarCount: integer('net_bar_count').notNull(),
    deviceCount: integer('device_count').notNull(),
    validDeviceCount: integer('valid_device_count').notNull(),
    minDays: integer('min_days').notNull(),
    amountPerDeviceFen: fen('amount_per_device_fen').notNull(),
    amountFen: fen('amount_fen').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }).notNull(),
    settledBy: integer('settled_by')
      .notNull()
      .references(() => agents.id),
  },
  (t) => [
    uniqueIndex('device_settlements_agent_month_unique').on(t.agentId, t.month),
    check('device_settlements_valid_check', sql`${t.validDeviceCount} between 1 and ${t.deviceCount}`),
    check('device_settlements_min_days_check', sql`${t.minDays} between 1 and 31`),
    check(
      'device_settlements_amount_check',
      sql`${t.amountFen} = ${t.validDeviceCount} * ${t.amountPerDeviceFen}`,
    ),
    fenCheck('device_settlements_amount_per_device_range', t.amountPerDeviceFen, { nonNegative: true }),
    fenCheck('device_settlements_amount_range', t.amountFen, { nonNegative: true }),
  ],
);

export type DeviceMonthRow = typeof deviceMonths.$inferSelect;
export type DeviceAgentMonthRow = typeof deviceAgentMonths.$inferSelect;
export type DeviceSettlementRow = typeof deviceSettlements.$inferSelect;
