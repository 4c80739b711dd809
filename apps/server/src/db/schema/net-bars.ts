import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { agentChainColumns, chainIndexes } from '../agent-chain';

export const NET_BAR_STATUSES = ['open', 'closed'] as const;

/**
 * An internet cafe (网吧) signed by an agent of level 1-5, reported by the rental platform. Its
 * whole agent chain sees it. `bar_user_id` is the platform's id of the bar's user: the key events
 * name it by.
 */
export const netBars = pgTable(
  'net_bars',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    barUserId: bigint('bar_user_id', { mode: 'number' }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** Region codes (GB/T 2260) of the bar; the area key is `province-city-district`. */
    provinceCode: integer('province_code').notNull(),
    cityCode: integer('city_code').notNull(),
    districtCode: integer('district_code').notNull(),
    contactName: varchar('contact_name', { length: 20 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 11 }).notNull().default(''),
    status: text('status', { enum: NET_BAR_STATUSES }).notNull().default('open'),
    terminalCount: smallint('terminal_count').notNull().default(0),
    ...agentChainColumns(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('net_bars_status_check', sql`${t.status} in ('open', 'closed')`),
    check('net_bars_terminal_count_check', sql`${t.terminalCount} between 0 and 10000`),
    check('net_bars_bar_user_id_check', sql`${t.barUserId} > 0`),
    index('net_bars_created_at_id_idx').on(t.createdAt, t.id),
    index('net_bars_agent_id_idx').on(t.agentId),
    index('net_bars_area_idx').on(t.provinceCode, t.cityCode, t.districtCode),
    ...chainIndexes('net_bars', t, t.createdAt, t.id),
  ],
);

export type NetBarRow = typeof netBars.$inferSelect;
