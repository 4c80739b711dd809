import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** 'deleted': removed by its parent (soft delete: the id stays referable, the login is disabled). */
export const AGENT_STATUSES = ['active', 'disabled', 'deleted'] as const;

/**
 * An agent of the tree. Ratios are integers in basis points of 1/10000 (10000 = 100 %), so no
 * floating point ever touches a share: proportion 3500 means 35.00 %.
 */
export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => accounts.id),
    parentId: integer('parent_id').references((): AnyPgColumn => agents.id),
    agentLevel: smallint('agent_level').notNull(),
    agentName: varchar('agent_name', { length: 50 }).notNull(),
    /** Area keys ("440000", "440000-440300", "440000-440300-440305"); empty means the whole country. */
    areaInfo: jsonb('area_info').$type<string[]>().notNull().default([]),
    /** Share of what the parent receives, in 1/10000. */
    proportion: integer('proportion').notNull().default(0),
    /** Base profit ratio of an order, in 1/10000. */
    baseProfitRatio: integer('base_profit_ratio').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    setTopAuthority: boolean('set_top_authority').notNull().default(false),
    addPricePermission: boolean('add_price_permission').notNull().default(false),
    isHbpush: boolean('is_hbpush').notNull().default(false),
    xuanhaoApp: boolean('xuanhao_app').notNull().default(false),
    hasMemberFinanceMenu: boolean('has_member_finance_menu').notNull().default(false),
    setSettleAuthority: boolean('set_settle_authority').notNull().default(false),
    hasPriceAddRangeFlag: boolean('has_price_add_range_flag').notNull().default(false),
    status: text('status', { enum: AGENT_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('agents_level_check', sql`${t.agentLevel} between 0 and 5`),
    check('agents_root_check', sql`(${t.agentLevel} = 0) = (${t.parentId} is null)`),
    check('agents_proportion_check', sql`${t.proportion} between 0 and 10000`),
    check('agents_base_profit_ratio_check', sql`${t.baseProfitRatio} between 0 and 10000`),
    check('agents_status_check', sql`${t.status} in ('active', 'disabled', 'deleted')`),
    check('agents_area_info_check', sql`jsonb_typeof(${t.areaInfo}) = 'array'`),
    index('agents_parent_id_idx').on(t.parentId),
    /**
     * The lists' order over the active agents (newest first, id breaking ties), read backwards:
     * a deep page of the whole tree skips its offset inside this index (an index-only scan).
     */
    index('agents_active_created_at_id_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    /**
     * A subtree's active agents by id with what their lists sort and filter on (created time,
     * level, name): the closure table's ids are probed here without reading the table (an
     * index-only nested loop), so a subtree's list costs what the subtree holds, not the tree.
     */
    index('agents_active_id_list_idx')
      .on(t.id, t.createdAt, t.agentLevel, t.agentName)
      .where(sql`${t.status} = 'active'`),
    /**
     * The agents that are not active (few): 成员财务's totals of a whole subtree take their income
     * out of the subtree's, each checked for membership by its own ancestry, not the subtree's
     * every agent checked for its status.
     */
    index('agents_inactive_idx').on(t.id).where(sql`${t.status} <> 'active'`),
    /** "Name contains" filters (pg_trgm). */
    index('agents_agent_name_trgm_idx').using('gin', t.agentName.op('gin_trgm_ops')),
    /** There is one level 0 operator. */
    uniqueIndex('agents_single_operator_idx').on(t.agentLevel).where(sql`${t.agentLevel} = 0`),
  ],
);

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
