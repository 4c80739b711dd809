import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { agentChainColumns, chainIndexes } from '../agent-chain';
import { agents } from './agents';
import { netBars } from './net-bars';

/** 'client': the PC client installed in a net bar; 'web': a promotion domain. */
export const CHANNEL_KINDS = ['client', 'web'] as const;
/** Applied by its owner, passed (or rejected) by an agent above it (`apply/passed`). */
export const CHANNEL_APPLY_STATES = ['applied', 'passed', 'rejected'] as const;
/** The client package of a channel (`automatic/packing`). */
export const CHANNEL_PACKING_STATES = ['none', 'queued', 'packing', 'done', 'failed'] as const;

/**
 * A promotion channel. `code` is the `channel` value written into the client's `cybercafe.ini`
 * (and the key the platform's events name a channel by); `short_code` the path of its short URL.
 */
export const channels = pgTable(
  'channels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    netBarId: integer('net_bar_id').references(() => netBars.id),
    /** The promotion domain of a web channel. */
    domain: varchar('domain', { length: 253 }),
    ...agentChainColumns(),
    applyState: text('apply_state', { enum: CHANNEL_APPLY_STATES }).notNull().default('applied'),
    passedBy: integer('passed_by').references(() => agents.id),
    passedAt: timestamp('passed_at', { withTimezone: true, mode: 'date' }),
    packingState: text('packing_state', { enum: CHANNEL_PACKING_STATES }).notNull().default('none'),
    /** 0-100 while packing. */
    packingProgress: smallint('packing_progress').notNull().default(0),
    packingFile: text('packing_file'),
    packingError: text('packing_error'),
    packingUpdatedAt: timestamp('packing_updated_at', { withTimezone: true, mode: 'date' }),
    shortCode: varchar('short_code', { length: 16 }).unique(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('channels_kind_check', sql`${t.kind} in ('client', 'web')`),
    check('channels_apply_state_check', sql`${t.applyState} in ('applied', 'passed', 'rejected')`),
    check(
      'channels_packing_state_check',
      sql`${t.packingState} in ('none', 'queued', 'packing', 'done', 'failed')`,
    ),
    check('channels_packing_progress_check', sql`${t.packingProgress} between 0 and 100`),
    check('channels_client_net_bar_check', sql`${t.kind} <> 'client' or ${t.netBarId} is not null`),
    index('channels_created_at_id_idx').on(t.createdAt, t.id),
    index('channels_net_bar_id_idx').on(t.netBarId),
    index('channels_agent_id_idx').on(t.agentId),
    ...chainIndexes('channels', t, t.createdAt, t.id),
  ],
);

export type ChannelRow = typeof channels.$inferSelect;
