import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { agentChainColumns, chainIndexes } from '../agent-chain';
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
