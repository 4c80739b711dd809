import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents';

/** An agent's web promotion domain (/web-mgt): one row per agent that set one. */
export const webPromotionConfigs = pgTable('web_promotion_configs', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id),
  domain: varchar('domain', { length: 253 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type WebPromotionConfigRow = typeof webPromotionConfigs.$inferSelect;
